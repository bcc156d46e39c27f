#!/usr/bin/env python3
"""didChange -> publishDiagnostics latency of `websyntax lsp`, beside `websyntax check` of the
same file from the command line (and vnu's HTTP service when it runs here).

Usage: bench/lsp/run.py [--bin target/release/websyntax] [--edits 41] [--full] [--insert TEXT]
[--vnu vnu.jar] PAGE...

For each page: open it, then send one-keystroke edits (type a letter in the page's text; the
edit positions are spread over the page, each in a different paragraph) and time each edit's
didChange until the publishDiagnostics of its version. Then `websyntax check --format json PAGE`
is run as many times and timed the same way (process start to exit). With `--vnu JAR`, the Nu
Html Checker's HTTP service (`java -cp JAR nu.validator.servlet.Main`) is started once, warmed
up, and each page POSTed to it as many times (request to response). Medians are printed as a
Markdown table. Standard library only.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request


class Server:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def recv(self):
        n = None
        while True:
            line = self.p.stdout.readline()
            if line in (b"\r\n", b""):
                break
            k, v = line.decode().split(":", 1)
            if k.lower() == "content-length":
                n = int(v)
        return json.loads(self.p.stdout.read(n))

    def wait_version(self, uri, version):
        while True:
            m = self.recv()
            if m.get("method") == "textDocument/publishDiagnostics":
                if m["params"]["uri"] == uri and m["params"].get("version") == version:
                    return m["params"]["diagnostics"]

    def close(self):
        self.send({"jsonrpc": "2.0", "id": 99, "method": "shutdown"})
        self.send({"jsonrpc": "2.0", "method": "exit"})
        self.p.wait(timeout=30)


def position(text, offset):
    before = text[:offset]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1:]
    return {"line": line, "character": sum(2 if ord(c) > 0xFFFF else 1 for c in col)}


def edit_points(text, n, edge=False):
    """Offsets inside paragraph text, spread over the page: where a user types. With `edge`,
    at the first character of the paragraph's text instead (the incremental path does not
    apply there: every edit is a full check)."""
    points = [m.start() + (3 if edge else 6) for m in re.finditer(r"<p>[A-Za-z][a-z ]{6}", text)]
    if len(points) < n:
        points += [m.start() + 2 for m in re.finditer(r">[A-Za-z]{3}", text)]
    points.sort()
    step = max(1, len(points) // n)
    return points[::step][:n]


def bench_lsp(binary, path, edits, edge=False, insert="x"):
    text = open(path, encoding="utf-8").read()
    uri = "file://" + os.path.abspath(path)
    s = Server(binary)
    s.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "initializationOptions": {"severity": "info"}}})
    s.recv()
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    t = time.perf_counter()
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "html", "version": 1, "text": text}}})
    s.wait_version(uri, 1)
    open_time = time.perf_counter() - t
    times = []
    version = 1
    shift = 0
    for off in edit_points(text, edits, edge):
        version += 1
        at = position(text, off + shift)
        t = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": at, "end": at}, "text": insert}]}})
        s.wait_version(uri, version)
        times.append(time.perf_counter() - t)
        text = text[:off + shift] + insert + text[off + shift:]
        shift += len(insert)
    s.close()
    return open_time, times


def bench_cli(binary, path, n):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run([binary, "check", "--format", "json", "--severity", "info", path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t)
    return times


def start_vnu(jar, port=8888):
    p = subprocess.Popen(["java", "-cp", jar, "nu.validator.servlet.Main", str(port)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).read()
            return p
        except urllib.error.HTTPError:
            return p
        except Exception:
            time.sleep(0.1)
    p.kill()
    raise RuntimeError("vnu did not start")


def bench_vnu(path, n, port=8888):
    data = open(path, "rb").read()
    times = []
    for i in range(n + 2):
        req = urllib.request.Request(f"http://127.0.0.1:{port}/?out=json", data=data,
                                     headers={"Content-Type": "text/html; charset=utf-8"})
        t = time.perf_counter()
        urllib.request.urlopen(req, timeout=600).read()
        if i >= 2:  # two warm-up requests
            times.append(time.perf_counter() - t)
    return times


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/websyntax")
    ap.add_argument("--edits", type=int, default=41)
    ap.add_argument("--vnu", help="vnu.jar: also time its HTTP service")
    ap.add_argument("--full", action="store_true",
                    help="type at the start of paragraphs, where every edit is a full check")
    ap.add_argument("--insert", default="x",
                    help="the text each edit inserts (default `x`; e.g. `<br>` or `<` for markup)")
    ap.add_argument("pages", nargs="+")
    a = ap.parse_args()
    vnu = start_vnu(a.vnu) if a.vnu else None
    print("| page | size | didOpen → diagnostics | keystroke didChange → publishDiagnostics (median, p90) | `websyntax check` process (median) | ratio | vnu HTTP service (median) |")
    print("|---|---|---|---|---|---|---|")
    for page in a.pages:
        open_time, lsp = bench_lsp(a.bin, page, a.edits, a.full, a.insert)
        cli = bench_cli(a.bin, page, max(5, a.edits // 4))
        med, cmed = statistics.median(lsp), statistics.median(cli)
        p90 = sorted(lsp)[int(len(lsp) * 0.9)]
        v = "not run"
        if vnu:
            try:
                v = f"{statistics.median(bench_vnu(page, 5)) * 1e3:.0f} ms"
            except (urllib.error.URLError, OSError) as e:
                v = f"refused ({e})"
        print(f"| {os.path.basename(page)} | {os.path.getsize(page) / 1e6:.2f} MB | {open_time * 1e3:.1f} ms "
              f"| {med * 1e3:.2f} ms, {p90 * 1e3:.2f} ms (n={len(lsp)}) | {cmed * 1e3:.1f} ms | {med / cmed:.2f} | {v} |")
        sys.stdout.flush()
    if vnu:
        vnu.kill()


if __name__ == "__main__":
    main()
