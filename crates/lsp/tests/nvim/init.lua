-- Headless Neovim as a user's editor: start `websyntax lsp` for the HTML buffer, wait for the
-- diagnostics, apply the quick fix that adds the DOCTYPE, save, quit. Works on Neovim 0.7
-- (Debian 12) and later: vim.lsp.start_client + buf_attach_client (vim.lsp.start is 0.8+).
local bin = vim.env.WEBSYNTAX_BIN
local out = vim.env.NVIM_TEST_LOG
local function log(msg)
  local f = io.open(out, 'a')
  f:write(msg .. '\n')
  f:close()
end
local function fail(msg)
  log('FAIL ' .. msg)
  vim.cmd('cquit 1')
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = 'html'
  local id = vim.lsp.start_client({
    name = 'websyntax',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.getcwd(),
    init_options = { severity = 'warning' },
  })
  if not id then fail('start_client') end
  vim.lsp.buf_attach_client(buf, id)

  local ok = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  if not ok then fail('no diagnostics') end
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    log(string.format('diagnostic %d:%d %s %s', d.lnum + 1, d.col + 1, d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '?', d.message))
  end

  local client = vim.lsp.get_client_by_id(id)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 0 } },
    context = { diagnostics = {} },
  }
  local resp = client.request_sync('textDocument/codeAction', params, 10000, buf)
  if not resp or not resp.result then fail('no code actions') end
  local applied = false
  for _, action in ipairs(resp.result) do
    log('action ' .. action.title)
    if action.title:find('DOCTYPE', 1, true) then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or 'utf-16')
      applied = true
    end
  end
  if not applied then fail('no DOCTYPE fix') end
  vim.cmd('write')
  -- The server re-checks the changed buffer: the missing-doctype diagnostic goes away.
  ok = vim.wait(20000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.message:find('DOCTYPE', 1, true) then return false end
    end
    return true
  end, 50)
  if not ok then fail('the diagnostic stayed') end
  log('OK')
  vim.lsp.stop_client(id)
  vim.cmd('qall!')
end

-- After the file is loaded (init files run before).
vim.api.nvim_create_autocmd('VimEnter', { callback = function() vim.schedule(run) end })
