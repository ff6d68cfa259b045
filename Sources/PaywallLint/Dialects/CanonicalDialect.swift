import Dispatch

/// Reads FORMAT.md's canonical dialect (`paywall: 1`) onto the model.
struct CanonicalDialect {
    static let topLevelKeys: KnownKeys = [
        "paywall", "dialect", "id", "app", "locale", "presentation", "headline", "subhead", "bullets",
        "products",
        "highlighted_product", "cta", "close", "restore", "links", "disclosure", "price", "elements",
        "triggers",
        "gate", "theme", "localizations",
    ]
    static let presentations = ["full_screen", "sheet", "push", "inline"]
    static let presentationAliases = ["fullScreenCover": "full_screen", "fullscreen": "full_screen"]
    static let productKinds = ["auto_renewable", "non_renewing", "consumable", "non_consumable"]
    static let placements = ["footer", "above_cta", "below_cta", "hidden", "link_only"]

    // The keys of the nested mappings (see `KnownKeys`).
    private static let productKeys: KnownKeys = ["id", "kind", "label", "badge"]
    private static let closeKeys: KnownKeys = ["visible", "delay_seconds", "label", "destination"]
    private static let restoreKeys: KnownKeys = ["visible", "above_fold", "label", "font_size", "color"]
    private static let linkKeys: KnownKeys = ["terms", "privacy", "font_size", "color"]
    private static let disclosureKeys: KnownKeys = ["text", "placement", "font_size", "color"]
    private static let textAndSizeKeys: KnownKeys = ["text", "font_size"]
    private static let textKeys: KnownKeys = ["text"]
    private static let labelKeys: KnownKeys = ["label"]
    private static let productCopyKeys: KnownKeys = ["label", "badge"]
    private static let triggerKeys: KnownKeys = ["event"]
    private static let gateKeys: KnownKeys = ["free_uses", "period_hours", "carry_over"]
    private static let themeKeys: KnownKeys = ["background", "text", "accent"]

    var reader: ModelReader
    var paywall: Paywall
    /// The number of locales from which they are read on two threads: `localesReadSideBySide` but in tests.
    private var sideBySideFrom = Self.localesReadSideBySide
    /// The most locales this reader takes from the front when they are read on two threads: no
    /// limit but in tests, which choose where the two readers meet.
    private var frontLimit = Int.max

    init(document: Document, root: NodeID, format: SourceFormat, templates: TemplateCache) {
        reader = ModelReader(document: document, format: format, dialect: .canonical, templates: templates)
        paywall = Paywall(
            dialect: .canonical, capabilities: Dialect.canonical.capabilities, place: reader.place(root),
            document: document, defaultLocale: "en")
    }

    /// `sideBySideFrom` and `frontLimit` are for tests, to read a few locales both ways.
    static func read(
        _ document: Document, root: NodeID, format: SourceFormat, templates: TemplateCache,
        sideBySideFrom: Int = Self.localesReadSideBySide, frontLimit: Int = .max
    ) -> (Paywall, [Finding]) {
        var dialect = CanonicalDialect(document: document, root: root, format: format, templates: templates)
        dialect.sideBySideFrom = sideBySideFrom
        dialect.frontLimit = frontLimit
        dialect.readTopLevel(root)
        return (dialect.paywall.movedOut(), dialect.reader.findings)
    }

    private mutating func readTopLevel(_ root: NodeID) {
        guard let f = reader.fields(root, known: Self.topLevelKeys, field: "", ignoring: Self.isExtensionKey)
        else {
            return
        }
        if let marker = f["paywall"], reader.document.text(of: marker) != "1" {
            reader.report(
                CoreRuleID.wrongType, .error, "paywall: marks format version 1; write `paywall: 1`",
                at: marker)
        }
        paywall.id = reader.text(f["id"], field: "id")
        paywall.app = reader.text(f["app"], field: "app")
        paywall.locale = reader.text(f["locale"], field: "locale")
        if let locale = paywall.locale?.value, !locale.isEmpty { paywall.defaultLocale = locale }
        paywall.presentation = readPresentation(f["presentation"])
        paywall.headline = topCopy(f["headline"], "headline")
        paywall.subhead = topCopy(f["subhead"], "subhead")
        paywall.bullets = readBullets(f["bullets"], locale: paywall.defaultLocale, isDefault: true)
        paywall.products = readProducts(f["products"])
        paywall.highlightedProduct = reader.text(f["highlighted_product"], field: "highlighted_product")
        paywall.cta = readCTA(f["cta"], locale: paywall.defaultLocale, isDefault: true)
        paywall.close = readClose(f["close"])
        paywall.restore = readRestore(f["restore"])
        paywall.links = readLinks(f["links"])
        paywall.disclosure = readDisclosure(f["disclosure"], locale: paywall.defaultLocale, isDefault: true)
        paywall.price = readPrice(f["price"])
        paywall.elements = readElements(f["elements"])
        paywall.triggers = readTriggers(f["triggers"])
        paywall.gate = readGate(f["gate"])
        paywall.theme = readTheme(f["theme"])
        collectTopLevelCopy()
        if let localizations = f["localizations"] { readLocalizations(localizations) }
    }

    /// Static: as a method of the reader, passing it captured the reader (2 KB, its paywall
    /// inline) in a heap box, for every file.
    private static func isExtensionKey(_ key: String) -> Bool { key.hasPrefix("x-") || key == "$schema" }

    private mutating func topCopy(_ node: NodeID?, _ path: String) -> Copy? {
        reader.copy(node, field: path, path: path, locale: paywall.defaultLocale, isDefault: true)
    }

    private mutating func readPresentation(_ node: NodeID?) -> Field<String>? {
        guard var field = reader.text(node, field: "presentation") else { return nil }
        if let canonical = Self.presentationAliases[field.value] { field.value = canonical }
        if !Self.presentations.contains(field.value) {
            var message = "presentation must be one of \(Self.presentations.joined(separator: ", "))"
            if let nearest = Suggestion.nearest(to: field.value, in: Self.presentations) {
                message += "; did you mean '\(nearest)'?"
            }
            reader.report(CoreRuleID.wrongType, .error, message, at: field.node)
        }
        return field
    }

    private mutating func readBullets(_ node: NodeID?, locale: String, isDefault: Bool) -> Field<[Copy]>? {
        var bullets: [Copy] = []
        guard let node, appendBullets(node, locale: locale, isDefault: isDefault, to: &bullets) else {
            return nil
        }
        return Field(bullets, node: node, span: reader.document[node].span)
    }

    /// Appends the copy of each bullet of the list `node`; false when there is no list.
    @discardableResult
    private mutating func appendBullets(
        _ node: NodeID?, locale: String, isDefault: Bool, to copies: inout [Copy]
    ) -> Bool {
        guard let node, let items = reader.list(node, field: "bullets") else { return false }
        // Not for a locale's bullets, appended to every locale's copy: reserving a little more
        // room each time would copy the whole array each time.
        if copies.isEmpty { copies.reserveCapacity(items.count) }
        for (index, item) in items.enumerated() {
            if let copy = reader.copy(
                item, field: "bullets", path: Self.bulletPath(index), locale: locale, isDefault: isDefault)
            {
                copies.append(copy)
            }
        }
        return true
    }

    /// `bullets[index]`, from a table for the first few: an interpolation for every bullet of
    /// every file built the same few strings again.
    private static func bulletPath(_ index: Int) -> String {
        index < bulletPaths.count ? bulletPaths[index] : "bullets[\(index)]"
    }
    private static let bulletPaths = (0..<16).map { "bullets[\($0)]" }

    private mutating func readProducts(_ node: NodeID?) -> Field<[Product]>? {
        guard let node, let items = reader.list(node, field: "products") else { return nil }
        var products: [Product] = []
        products.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            func label() -> String { "products[\(index)]" }
            if reader.document[item].isScalar {
                let id = reader.text(item, field: label())
                products.append(Product(id: id, kind: nil, label: nil, badge: nil, place: reader.place(item)))
                continue
            }
            guard let f = reader.fields(item, known: Self.productKeys, field: label()) else {
                continue
            }
            let id = reader.text(f["id"], field: "\(label()).id")
            let name = id?.value ?? String(index)
            var kind = reader.text(f["kind"], field: "\(label()).kind")
            if let value = kind?.value, !Self.productKinds.contains(value) {
                reader.report(
                    CoreRuleID.wrongType, .error,
                    "\(label()).kind must be one of \(Self.productKinds.joined(separator: ", "))",
                    at: kind!.node)
                kind = nil
            }
            let locale = paywall.defaultLocale
            products.append(
                Product(
                    id: id, kind: kind,
                    label: reader.copy(
                        f["label"], field: "products.label", path: "products[\(name)].label", locale: locale,
                        isDefault: true),
                    badge: reader.copy(
                        f["badge"], field: "products.badge", path: "products[\(name)].badge", locale: locale,
                        isDefault: true),
                    place: reader.place(item)))
        }
        return Field(products, node: node, span: reader.document[node].span)
    }

    /// `cta` is text, or `{text, font_size}`.
    private mutating func readCTA(_ node: NodeID?, locale: String, isDefault: Bool) -> CallToAction? {
        guard let node, !reader.document.isNull(node) else { return nil }
        if !reader.document[node].isMapping {
            let text = reader.copy(node, field: "cta", path: "cta", locale: locale, isDefault: isDefault)
            return CallToAction(text: text, fontSize: nil, place: reader.place(node))
        }
        let f =
            reader.fields(node, known: isDefault ? Self.textAndSizeKeys : Self.textKeys, field: "cta") ?? [:]
        return CallToAction(
            text: reader.copy(f["text"], field: "cta", path: "cta", locale: locale, isDefault: isDefault),
            fontSize: reader.number(f["font_size"], field: "cta.font_size"), place: reader.place(node))
    }

    private mutating func readClose(_ node: NodeID?) -> CloseControl? {
        guard let node,
            let f = reader.fields(
                node, known: Self.closeKeys, field: "close")
        else { return nil }
        return CloseControl(
            visible: reader.bool(f["visible"], field: "close.visible"),
            delaySeconds: reader.number(f["delay_seconds"], field: "close.delay_seconds"),
            label: topCopy(f["label"], "close.label"),
            destination: reader.text(f["destination"], field: "close.destination"), place: reader.place(node))
    }

    private mutating func readRestore(_ node: NodeID?) -> RestoreControl? {
        guard let node, let f = reader.fields(node, known: Self.restoreKeys, field: "restore") else {
            return nil
        }
        return RestoreControl(
            visible: reader.bool(f["visible"], field: "restore.visible"),
            aboveFold: reader.bool(f["above_fold"], field: "restore.above_fold"),
            label: topCopy(f["label"], "restore.label"),
            fontSize: reader.number(f["font_size"], field: "restore.font_size"),
            color: reader.text(f["color"], field: "restore.color"), place: reader.place(node))
    }

    private mutating func readLinks(_ node: NodeID?) -> Links? {
        guard let node,
            let f = reader.fields(node, known: Self.linkKeys, field: "links")
        else { return nil }
        return Links(
            terms: reader.text(f["terms"], field: "links.terms"),
            privacy: reader.text(f["privacy"], field: "links.privacy"),
            fontSize: reader.number(f["font_size"], field: "links.font_size"),
            color: reader.text(f["color"], field: "links.color"), place: reader.place(node))
    }

    /// `disclosure` is text, or `{text, placement, font_size, color}`.
    private mutating func readDisclosure(_ node: NodeID?, locale: String, isDefault: Bool) -> Disclosure? {
        guard let node, !reader.document.isNull(node) else { return nil }
        if !reader.document[node].isMapping {
            let text = reader.copy(
                node, field: "disclosure.text", path: "disclosure.text", locale: locale, isDefault: isDefault)
            return Disclosure(
                text: text, placement: nil, fontSize: nil, color: nil, place: reader.place(node))
        }
        let f =
            reader.fields(node, known: isDefault ? Self.disclosureKeys : Self.textKeys, field: "disclosure")
            ?? [:]
        var placement = reader.text(f["placement"], field: "disclosure.placement")
        if let value = placement?.value, !Self.placements.contains(value) {
            reader.report(
                CoreRuleID.wrongType, .error,
                "disclosure.placement must be one of \(Self.placements.joined(separator: ", "))",
                at: placement!.node)
            placement = nil
        }
        return Disclosure(
            text: reader.copy(
                f["text"], field: "disclosure.text", path: "disclosure.text", locale: locale,
                isDefault: isDefault),
            placement: placement, fontSize: reader.number(f["font_size"], field: "disclosure.font_size"),
            color: reader.text(f["color"], field: "disclosure.color"), place: reader.place(node))
    }

    private mutating func readPrice(_ node: NodeID?) -> PriceDisplay? {
        guard let node, !reader.document.isNull(node) else { return nil }
        if !reader.document[node].isMapping {
            return PriceDisplay(text: topCopy(node, "price.text"), fontSize: nil, place: reader.place(node))
        }
        let f = reader.fields(node, known: Self.textAndSizeKeys, field: "price") ?? [:]
        return PriceDisplay(
            text: topCopy(f["text"], "price.text"),
            fontSize: reader.number(f["font_size"], field: "price.font_size"),
            place: reader.place(node))
    }

    private mutating func readElements(_ node: NodeID?) -> Field<[Element]>? {
        guard let node, let items = reader.list(node, field: "elements") else { return nil }
        var elements: [Element] = []
        for (index, item) in items.enumerated() {
            guard reader.document[item].isMapping else {
                reader.wrongType(item, expected: "a mapping with a type", field: "elements[\(index)]")
                continue
            }
            // Elements are open-ended ({type: video, src: …}): only the keys rules read are typed.
            let document = reader.document
            let type = document.value(of: item, key: "type")
            let text = document.value(of: item, key: "text")
            let size = document.value(of: item, key: "font_size")
            elements.append(
                Element(
                    type: reader.text(type, field: "elements[\(index)].type"),
                    text: reader.copy(
                        text, field: "elements.text", path: "elements[\(index)].text",
                        locale: paywall.defaultLocale,
                        isDefault: true),
                    fontSize: reader.number(size, field: "elements[\(index)].font_size"),
                    place: reader.place(item)))
        }
        return Field(elements, node: node, span: reader.document[node].span)
    }

    private mutating func readTriggers(_ node: NodeID?) -> Field<[Trigger]>? {
        guard let node, let items = reader.list(node, field: "triggers") else { return nil }
        var triggers: [Trigger] = []
        for (index, item) in items.enumerated() {
            if reader.document[item].isScalar {
                triggers.append(
                    Trigger(event: reader.text(item, field: "triggers[\(index)]"), place: reader.place(item)))
                continue
            }
            guard let f = reader.fields(item, known: Self.triggerKeys, field: "triggers[\(index)]") else {
                continue
            }
            triggers.append(
                Trigger(
                    event: reader.text(f["event"], field: "triggers[\(index)].event"),
                    place: reader.place(item)))
        }
        return Field(triggers, node: node, span: reader.document[node].span)
    }

    private mutating func readGate(_ node: NodeID?) -> Gate? {
        guard let node,
            let f = reader.fields(node, known: Self.gateKeys, field: "gate")
        else { return nil }
        return Gate(
            freeUses: reader.number(f["free_uses"], field: "gate.free_uses"),
            periodHours: reader.number(f["period_hours"], field: "gate.period_hours"),
            carryOver: reader.bool(f["carry_over"], field: "gate.carry_over"), place: reader.place(node))
    }

    private mutating func readTheme(_ node: NodeID?) -> Theme? {
        guard let node, let f = reader.fields(node, known: Self.themeKeys, field: "theme")
        else {
            return nil
        }
        return Theme(
            background: reader.text(f["background"], field: "theme.background"),
            text: reader.text(f["text"], field: "theme.text"), place: reader.place(node))
    }

    private mutating func collectTopLevelCopy() {
        var copy: [Copy] = []
        // Room for every field at once: grown by appending, the list was copied four or five
        // times a file.
        let bullets = paywall.bullets?.value.count ?? 0
        let products = paywall.products?.value.count ?? 0
        copy.reserveCapacity(7 + bullets + 2 * products + (paywall.elements?.value.count ?? 0))
        func add(_ item: consuming Copy?) { if let item { copy.append(item) } }
        add(paywall.headline)
        add(paywall.subhead)
        copy += paywall.bullets?.value ?? []
        add(paywall.cta?.text)
        add(paywall.close?.label)
        add(paywall.restore?.label)
        add(paywall.disclosure?.text)
        add(paywall.price?.text)
        for product in paywall.products?.value ?? [] {
            add(product.label)
            add(product.badge)
        }
        for element in paywall.elements?.value ?? [] { add(element.text) }
        paywall.copy = copy
    }

    /// Locales from which a file's localizations are read on two threads: the copy strings of
    /// thousands of locales (a 5 MB file) are most of its reading after the YAML, and nothing
    /// else runs meanwhile. Fewer are read in turn, where a second thread would cost more than it
    /// saves and the files beside it keep the cores busy.
    static let localesReadSideBySide = 512

    /// The fields a locale may override.
    private static let localeKeys: KnownKeys = [
        "headline", "subhead", "bullets", "cta", "close", "restore", "disclosure", "price", "products",
        "elements",
    ]

    /// `localizations: {de: {headline, bullets, cta, …}}`: each locale overrides copy fields in the
    /// same shape as the top level.
    private mutating func readLocalizations(_ node: NodeID) {
        let document = reader.document
        guard document[node].isMapping else {
            if !document.isNull(node) {
                reader.wrongType(node, expected: "a mapping of locales", field: "localizations")
            }
            return
        }
        let pairs = document.pairs(of: node)
        guard pairs.count >= sideBySideFrom, pairs.count >= 2 else {
            var noTable: ProductPaths?
            readLocales(pairs[...], expectedLocales: pairs.count, productPaths: &noTable)
            return
        }
        // Two readers, this one taking locales from the front and one of its own (with its own
        // template cache: a cache serves one thread) from the back, each taking the next as it
        // is free, until they meet. Halves fixed in advance took unequal times: the second
        // thread's allocations fault in fresh pages, and the first thread's waited for it.
        var second = CanonicalDialect(
            document: document, root: paywall.place.node, format: reader.format,
            templates: TemplateCache())
        var secondMarks: [ReadMark] = []
        secondMarks.reserveCapacity(pairs.count)
        let unread = Locked(0..<pairs.count)
        withUnsafeMutablePointer(to: &self) { first in
            withUnsafeMutablePointer(to: &second) { second in
                withUnsafeMutablePointer(to: &secondMarks) { marks in
                    let readers = Readers(first: first, second: second, secondMarks: marks)
                    DispatchQueue.concurrentPerform(iterations: 2) { end in
                        var productPaths: ProductPaths? = ProductPaths()
                        if end == 0 {
                            let limit = readers.first.pointee.frontLimit
                            var taken = 0
                            while taken < limit, let index = unread.withLock({ $0.popFirst() }) {
                                readers.first.pointee.readLocales(
                                    pairs[index...index], expectedLocales: pairs.count,
                                    productPaths: &productPaths)
                                taken += 1
                            }
                        } else {
                            while let index = unread.withLock({ $0.popLast() }) {
                                let reader = readers.second
                                reader.pointee.readLocales(
                                    pairs[index...index], expectedLocales: (pairs.count + 1) / 2,
                                    productPaths: &productPaths)
                                readers.secondMarks.pointee.append(
                                    ReadMark(
                                        localizations: reader.pointee.paywall.localizations.count,
                                        findings: reader.pointee.reader.findings.count))
                            }
                        }
                    }
                }
            }
        }
        // The second reader's locales, last read first, after the first's: the same model and
        // findings, in the same order, as one reader makes. Their copy is swapped over for a
        // blank rather than copied: a copy retained each of its strings and its text, which the
        // second reader then released (thousands of locales, tens of thousands of copies).
        let blank = Copy(
            field: "", path: "", locale: "", isDefaultLocale: false, template: Template(""), node: 0,
            span: paywall.place.span)
        for k in secondMarks.indices.reversed() {
            let before = k == 0 ? ReadMark(localizations: 0, findings: 0) : secondMarks[k - 1]
            let after = secondMarks[k]
            for var localization in second.paywall.localizations[before.localizations..<after.localizations] {
                let start = paywall.copy.count
                for index in localization.copies {
                    paywall.copy.append(blank)
                    swap(&paywall.copy[paywall.copy.count - 1], &second.paywall.copy[index])
                }
                localization.copies = start..<paywall.copy.count
                paywall.localizations.append(localization)
            }
            reader.findings += second.reader.findings[before.findings..<after.findings]
        }
    }

    /// The paths of the localized products' copy, by product ID, for a reader of thousands of
    /// locales: every locale names the same few products, and each built the same two strings (a
    /// third of a large file's strings). Searched by the IDs' bytes, which the document reader
    /// usually hands out as one shared string (`ShortStrings`): a dictionary's hashing cost more
    /// than building the strings.
    private struct ProductPaths {
        private var kept: [(id: String, label: String, badge: String)] = []
        private static let limit = 16

        mutating func paths(of id: String) -> (label: String, badge: String) {
            let known = id.withUTF8Bytes { idBytes in
                kept.firstIndex { kept in kept.id.withUTF8Bytes { ByteChunks.same($0, idBytes) } }
            }
            if let known { return (kept[known].label, kept[known].badge) }
            let paths = (label: "products[\(id)].label", badge: "products[\(id)].badge")
            if kept.count < Self.limit { kept.append((id, paths.label, paths.badge)) }
            return paths
        }
    }

    /// The two readers of a file's localizations, each used by one thread only, and where the
    /// second one's localizations and findings stood after each locale it read.
    private struct Readers: @unchecked Sendable {
        let first: UnsafeMutablePointer<CanonicalDialect>
        let second: UnsafeMutablePointer<CanonicalDialect>
        let secondMarks: UnsafeMutablePointer<[ReadMark]>
    }

    private struct ReadMark {
        var localizations: Int
        var findings: Int
    }

    /// Reads `pairs` of the localizations, appending their copy to `paywall.copy`, with room
    /// made for `expectedLocales` of them at the first; `productPaths` keeps the products' paths
    /// from call to call, where there is one.
    private mutating func readLocales(
        _ pairs: Slice<MappingPairs>, expectedLocales: Int, productPaths: inout ProductPaths?
    ) {
        let document = reader.document
        // Each locale's copy goes straight into the paywall's array, taken out of `self` while
        // the locales are read (the readers below are methods of `self`): collected apart and
        // then appended, every copy was copied once more, retaining its strings and text.
        var copy: [Copy] = []
        swap(&copy, &paywall.copy)
        defer { swap(&copy, &paywall.copy) }
        for pair in pairs {
            let locale = Field(document.text(of: pair.key), node: pair.key, span: document[pair.key].span)
            let name = locale.value
            guard let f = reader.fields(pair.value, known: Self.localeKeys, field: "localizations.\(name)")
            else {
                continue
            }
            let start = copy.count
            func add(_ item: consuming Copy?) { if let item { copy.append(item) } }
            func labelled(_ key: String, _ path: String) {
                guard let inner = f[key],
                    let g = reader.fields(inner, known: Self.labelKeys, field: "localizations.\(name).\(key)")
                else { return }
                add(reader.copy(g["label"], field: path, path: path, locale: name, isDefault: false))
            }
            add(
                reader.copy(
                    f["headline"], field: "headline", path: "headline", locale: name, isDefault: false))
            add(reader.copy(f["subhead"], field: "subhead", path: "subhead", locale: name, isDefault: false))
            appendBullets(f["bullets"], locale: name, isDefault: false, to: &copy)
            add(readCTA(f["cta"], locale: name, isDefault: false)?.text)
            labelled("close", "close.label")
            labelled("restore", "restore.label")
            add(readDisclosure(f["disclosure"], locale: name, isDefault: false)?.text)
            if let price = f["price"] {
                if document[price].isMapping {
                    let g =
                        reader.fields(price, known: Self.textKeys, field: "localizations.\(name).price")
                        ?? [:]
                    add(
                        reader.copy(
                            g["text"], field: "price.text", path: "price.text", locale: name, isDefault: false
                        ))
                } else {
                    add(
                        reader.copy(
                            price, field: "price.text", path: "price.text", locale: name, isDefault: false))
                }
            }
            if let products = f["products"], document[products].isMapping {
                for product in document.pairs(of: products) {
                    let id = document.text(of: product.key)
                    guard
                        let g = reader.fields(
                            product.value, known: Self.productCopyKeys, field: "products[\(id)]")
                    else {
                        continue
                    }
                    let kept = productPaths?.paths(of: id)
                    add(
                        reader.copy(
                            g["label"], field: "products.label", path: kept?.label ?? "products[\(id)].label",
                            locale: name, isDefault: false))
                    add(
                        reader.copy(
                            g["badge"], field: "products.badge", path: kept?.badge ?? "products[\(id)].badge",
                            locale: name, isDefault: false))
                }
            } else if let products = f["products"] {
                reader.wrongType(
                    products, expected: "a mapping of product IDs", field: "localizations.\(name).products")
            }
            if let elements = reader.list(f["elements"], field: "localizations.\(name).elements") {
                for (index, item) in elements.enumerated() {
                    guard let g = reader.fields(item, known: Self.textKeys, field: "elements[\(index)]")
                    else {
                        continue
                    }
                    add(
                        reader.copy(
                            g["text"], field: "elements.text", path: "elements[\(index)].text", locale: name,
                            isDefault: false))
                }
            }
            if paywall.localizations.isEmpty {
                // Locales usually have the same fields: room for as many in each as in the
                // first, so thousands of locales do not grow the array by copying it (the
                // peak of a large file). At most one per node: a hostile file's estimate must
                // not allocate gigabytes.
                let expected = copy.count + (copy.count - start) * (expectedLocales - 1)
                copy.reserveCapacity(min(expected, document.nodes.count))
            }
            paywall.localizations.append(
                Localization(locale: locale, copies: start..<copy.count, place: reader.place(pair.value)))
        }
    }
}
