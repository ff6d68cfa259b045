-- Neovim's built-in LSP client (0.7 and later) attached to `paywall-lint server` for the file
-- given as the first argument; the diagnostics it receives are written, one a line, to the
-- second argument: `LINE:COLUMN SEVERITY CODE` (1-based, the column in bytes, as Neovim has it).
local bin = os.getenv("PAYWALL_LINT_BIN")
local file = _G.arg and _G.arg[1] or os.getenv("LSP_TEST_FILE")
local out = os.getenv("LSP_TEST_OUT")
local function finish(code, message)
  if message then io.stderr:write(message .. "\n") end
  vim.cmd((code == 0) and "qall!" or ("cquit " .. code))
end
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = "paywall-lint",
  cmd = { bin, "server", "--debounce-ms", "50" },
  root_dir = vim.fn.getcwd(),
})
if not client then finish(3, "nvim: the server did not start") end
vim.lsp.buf_attach_client(buf, client)
local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
if not got then finish(4, "nvim: no diagnostics within 20 s") end
local severities = { [1] = "error", [2] = "warning", [3] = "note", [4] = "hint" }
local lines = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
  table.insert(lines, string.format("%d:%d %s %s", d.lnum + 1, d.col + 1, severities[d.severity] or "?", code))
end
table.sort(lines)
local handle = io.open(out, "w")
handle:write(table.concat(lines, "\n") .. "\n")
handle:close()
vim.lsp.stop_client(client)
vim.wait(2000, function() return vim.lsp.client_is_stopped(client) end, 50)
finish(0)
