"""pytest-lsp drives `paywall-lint server` as an editor would: open a broken paywall, receive its
diagnostics, change it, apply a code action's edit, hover a diagnostic. PAYWALL_LINT_BIN names the
binary; the tests run from the repository root (the paywall's own .paywall-lint.yml applies)."""

import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

REPO = pathlib.Path(__file__).resolve().parents[3]
BIN = os.environ.get("PAYWALL_LINT_BIN", str(REPO / ".build/debug/paywall-lint"))
PAYWALL = REPO / "Examples/sketchy/weekly-broken.yaml"
URI = PAYWALL.as_uri()


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[BIN, "server", "--debounce-ms", "20"]),
)
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=REPO.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


async def open_paywall(client: LanguageClient) -> list[types.Diagnostic]:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="yaml", version=1, text=PAYWALL.read_text())
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[URI]


async def change(client: LanguageClient, version: int, text: str) -> list[types.Diagnostic]:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[URI]


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """The text with LSP edits applied (UTF-16 positions; the paywall is ASCII)."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: types.Position) -> int:
        if position.line >= len(lines):
            return len(text)
        return starts[position.line] + min(position.character, len(lines[position.line].rstrip("\r\n")))

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def test_open_publishes_diagnostics(client: LanguageClient):
    diagnostics = await open_paywall(client)
    codes = {d.code for d in diagnostics}
    assert {"apple/hardcoded-price", "apple/restore-button", "apple/close-delay"} <= codes
    price = next(d for d in diagnostics if d.code == "apple/hardcoded-price")
    assert price.source == "paywall-lint"
    assert price.code_description.href.endswith("#applehardcoded-price")
    assert price.range.start.line == 18


async def test_change_updates_diagnostics(client: LanguageClient):
    await open_paywall(client)
    text = PAYWALL.read_text().replace("close:\n  visible: true\n  delay_seconds: 3", "close:\n  visible: true")
    diagnostics = await change(client, 2, text)
    assert "apple/close-delay" not in {d.code for d in diagnostics}
    assert "apple/restore-button" in {d.code for d in diagnostics}


async def test_code_action_applied(client: LanguageClient):
    diagnostics = await open_paywall(client)
    text = PAYWALL.read_text()
    close_delay = next(d for d in diagnostics if d.code == "apple/close-delay")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            range=close_delay.range,
            context=types.CodeActionContext(diagnostics=[close_delay]),
        )
    )
    titles = [a.title for a in actions]
    assert "Explain rule apple/close-delay" in titles
    disable = next(a for a in actions if a.title == "Disable apple/close-delay for this line")
    fixed = apply(text, disable.edit.changes[URI])
    assert "# paywall-lint: disable-next-line apple/close-delay -- " in fixed
    after = await change(client, 2, fixed)
    assert not [d for d in after if d.code == "apple/close-delay"]

    fixable = [d for d in after if d.data and d.data.get("fixable")]
    assert fixable, "the broken paywall has safe fixes"
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            range=fixable[0].range,
            context=types.CodeActionContext(diagnostics=[fixable[0]]),
        )
    )
    fix = next(a for a in actions if a.title.startswith("Fix: "))
    again = await change(client, 3, apply(fixed, fix.edit.changes[URI]))
    assert len(again) < len(after)


async def test_hover_explains_the_rule(client: LanguageClient):
    diagnostics = await open_paywall(client)
    price = next(d for d in diagnostics if d.code == "apple/hardcoded-price")
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=price.range.start)
    )
    assert hover is not None
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert "apple/hardcoded-price" in hover.contents.value
