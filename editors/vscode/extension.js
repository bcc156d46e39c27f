// A minimal client for `websyntax lsp`: starts the server for HTML files and passes the
// `websyntax.*` settings as initializationOptions (and again on every change).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function settings() {
  const c = vscode.workspace.getConfiguration('websyntax');
  return {
    severity: c.get('severity'),
    ignore: c.get('ignore'),
    only: c.get('only'),
    standard: c.get('standard'),
    scripting: c.get('scripting'),
  };
}

function activate(context) {
  const command = vscode.workspace.getConfiguration('websyntax').get('path') || 'websyntax';
  const server = { command, args: ['lsp'] };
  client = new LanguageClient('websyntax', 'websyntax', { run: server, debug: server }, {
    documentSelector: [{ scheme: 'file', language: 'html' }, { scheme: 'untitled', language: 'html' }],
    initializationOptions: settings(),
  });
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration('websyntax') && client) {
      client.sendNotification('workspace/didChangeConfiguration', { settings: settings() });
    }
  }));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
