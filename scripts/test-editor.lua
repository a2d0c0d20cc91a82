-- Driven by scripts/test-editor: Neovim's own LSP client against `capaudit lsp`.
local binary = os.getenv("CAPAUDIT_LSP_BINARY")
local file = os.getenv("MANIFEST")
local report = os.getenv("REPORT")

local function finish(code, message)
  if message then io.stderr:write("test-editor: " .. message .. "\n") end
  vim.cmd((code == 0 and "qall!" or "cquit " .. code))
end

local published = nil
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "capaudit",
  cmd = { binary, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
      vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      if result and #result.diagnostics > 0 then published = result end
    end,
  },
})
if not client_id then return finish(1, "the client did not start") end
vim.lsp.buf_attach_client(buf, client_id)

if not vim.wait(20000, function() return published ~= nil end, 50) then
  return finish(1, "no diagnostics within 20 s")
end
local client = vim.lsp.get_client_by_id(client_id)

-- The first diagnostic whose preferred quick fix carries an edit.
for _, diagnostic in ipairs(published.diagnostics) do
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = diagnostic.range,
    context = { diagnostics = { diagnostic }, only = { "quickfix" } },
  }
  local responses = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 10000) or {}
  for _, response in pairs(responses) do
    for _, action in ipairs(response.result or {}) do
      if action.edit and action.kind == "quickfix" and action.title:find("Suppress") == nil then
        vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
        vim.cmd("write")
        local out = io.open(report, "w")
        out:write(string.format("%s %d %s\n", diagnostic.code, diagnostic.range.start.line + 1, action.title))
        out:close()
        client.stop()
        return finish(0)
      end
    end
  end
end
finish(1, "no diagnostic offered a quick fix with an edit")
