-- Drives `rl-analyze lsp` from Neovim (headless) as a user would, after
-- the init.lua of docs/ide.md attached it to the buffer: wait for
-- diagnostics, edit the buffer without saving, wait again, hover on the
-- kernel, quit. Writes what it saw to $RLA_NVIM_OUT, one line per event.
-- Environment: RLA_NVIM_OUT (output file), RLA_HOVER_WORD (a word to hover
-- on).
local out = assert(io.open(os.getenv('RLA_NVIM_OUT'), 'w'))
local function say(line)
  out:write(line, '\n')
  out:flush()
end

local function finish(code)
  out:close()
  vim.cmd(code == 0 and 'qall!' or ('cquit ' .. code))
end

local buf = vim.api.nvim_get_current_buf()
-- The client the user's init.lua attached to this buffer.
local client_id
vim.wait(10000, function()
  for id, client in pairs(vim.lsp.buf_get_clients(buf)) do
    if client.name == 'rl-analyze' then client_id = id end
  end
  return client_id ~= nil
end, 20)
if not client_id then
  say('error: no rl-analyze client attached to the buffer')
  return finish(1)
end
say('attached: ' .. vim.lsp.get_client_by_id(client_id).config.cmd[1])

local function show(tag)
  local diags = vim.diagnostic.get(buf)
  table.sort(diags, function(a, b) return a.lnum < b.lnum end)
  say(tag .. ': ' .. #diags .. ' diagnostics')
  local names = { 'error', 'warning', 'info', 'hint' }
  for _, d in ipairs(diags) do
    say(string.format('%d:%d %s %s [%s] %s', d.lnum + 1, d.col + 1,
      names[d.severity], d.source or '', d.code or '', d.message))
  end
end

local function wait_for(predicate)
  return vim.wait(60000, predicate, 20)
end

if not wait_for(function() return #vim.diagnostic.get(buf) > 0 end) then
  say('error: no diagnostics after opening')
  return finish(1)
end
show('open')

-- An unsaved edit: a launch of 1,024 times the elements changes the verdict.
local before = vim.diagnostic.get(buf)[1].message
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
for i, line in ipairs(lines) do
  local edited = line:gsub('scale<<<4, 256>>>%(1024,', 'scale<<<4096, 256>>>(1048576,')
  if edited ~= line then
    vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { edited })
    break
  end
end
if not wait_for(function()
      local d = vim.diagnostic.get(buf)
      return #d > 0 and d[1].message ~= before
    end) then
  say('error: diagnostics did not change after the edit')
  return finish(1)
end
show('edit')

-- Hover on the kernel's name.
local word = os.getenv('RLA_HOVER_WORD')
for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  local col = line:find('__global__', 1, true) and line:find(word .. '(', 1, true)
  if col then
    local params = {
      textDocument = { uri = vim.uri_from_bufnr(buf) },
      position = { line = i - 1, character = col },
    }
    local replies = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 60000)
    for _, reply in pairs(replies or {}) do
      if reply.result then
        say('hover:')
        for _, l in ipairs(vim.split(reply.result.contents.value, '\n')) do
          say('  ' .. l)
        end
      end
    end
    break
  end
end

vim.lsp.stop_client(client_id)
wait_for(function() return vim.lsp.get_client_by_id(client_id) == nil end)
say('done')
finish(0)
