/// A JSON object as the server reads and writes it (`JSONValues`).
typealias JSONObject = [String: Any]

/// JSON-RPC 2.0 messages, as the Language Server Protocol uses them.
enum JSONRPC {
    /// A request's ID: a number or a string.
    enum ID: Hashable, Sendable {
        case number(Int)
        case string(String)

        init?(_ value: Any?) {
            if let text = value as? String {
                self = .string(text)
            } else if let number = value as? Int {
                self = .number(number)
            } else {
                return nil
            }
        }

        var json: Any {
            switch self {
            case .number(let number): number
            case .string(let text): text
            }
        }
    }

    /// The error codes the protocol defines.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
        case serverCancelled = -32802
        case contentModified = -32801
        case requestCancelled = -32800
    }

    /// An error answered to a request.
    struct Failure: Error {
        var code: ErrorCode
        var message: String

        init(_ code: ErrorCode, _ message: String) {
            self.code = code
            self.message = message
        }
    }

    /// A message from the client.
    enum Incoming {
        case request(id: ID, method: String, params: Any?)
        case notification(method: String, params: Any?)
        /// A response to a request the server sent.
        case response(id: ID?, result: Any?, error: JSONObject?)
        /// Not a message: what to answer (with `id` when one could be read).
        case invalid(id: ID?, Failure)
    }

    /// Reads one message body.
    static func decode(_ body: [UInt8]) -> Incoming {
        guard let value = JSONValues.parse(body) else {
            return .invalid(id: nil, Failure(.parseError, "the message is not JSON"))
        }
        guard let object = value as? JSONObject else {
            return .invalid(id: nil, Failure(.invalidRequest, "a message must be a JSON object"))
        }
        let id = ID(object["id"])
        if let method = object["method"] as? String {
            let params = object["params"].flatMap { $0 is JSONNull ? nil : $0 }
            if object["id"] == nil || object["id"] is JSONNull {
                return .notification(method: method, params: params)
            }
            guard let id else {
                return .invalid(
                    id: nil, Failure(.invalidRequest, "a request's id must be a number or a string"))
            }
            return .request(id: id, method: method, params: params)
        }
        if object["result"] != nil || object["error"] != nil {
            return .response(id: id, result: object["result"], error: object["error"] as? JSONObject)
        }
        return .invalid(id: id, Failure(.invalidRequest, "a message needs a method, a result or an error"))
    }

    /// The body of a JSON object, keys sorted (so output is the same bytes on every run).
    static func encode(_ object: JSONObject) -> [UInt8] { JSONValues.encode(object) }

    static func response(id: ID?, result: Any?) -> JSONObject {
        ["jsonrpc": "2.0", "id": id?.json ?? JSONNull(), "result": result ?? JSONNull()]
    }

    static func errorResponse(id: ID?, _ failure: Failure) -> JSONObject {
        [
            "jsonrpc": "2.0", "id": id?.json ?? JSONNull(),
            "error": ["code": failure.code.rawValue, "message": failure.message] as JSONObject,
        ]
    }

    static func notification(_ method: String, _ params: Any) -> JSONObject {
        ["jsonrpc": "2.0", "method": method, "params": params]
    }

    static func request(id: ID, _ method: String, _ params: Any) -> JSONObject {
        ["jsonrpc": "2.0", "id": id.json, "method": method, "params": params]
    }
}
