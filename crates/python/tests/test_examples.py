"""The Spark and Dask examples (examples/spark_warc.py, examples/dask_warc.py) on small WARC
files written here: a Shift_JIS page declaring its charset in <meta>, a windows-1251 page
declaring it ONLY in the HTTP header, a UTF-8 page, and records that are not HTML pages."""

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import websyntax

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"

CP1251_TITLE = "Новости: погода в Москве"
CP1251_BODY = (
    "<!DOCTYPE html><html><head><title>" + CP1251_TITLE + "</title></head>"
    "<body><p>Сегодня солнечно.</p><a href='/a'>Дальше</a></body></html>"
).encode("windows-1251")
UTF8_BODY = "<!doctype html><title>Ünïcödé ✓</title><p>ok".encode("utf-8")


def write_warc(path: Path, records, gzip: bool) -> None:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with open(path, "wb") as out:
        writer = WARCWriter(out, gzip=gzip)
        for url, content_type, body in records:
            headers = StatusAndHeaders(
                "200 OK", [("Content-Type", content_type)], protocol="HTTP/1.1"
            )
            rec = writer.create_warc_record(
                url, "response", payload=io.BytesIO(body), http_headers=headers
            )
            writer.write_record(rec)
        # A request record (skipped).
        req = writer.create_warc_record(
            "http://example.org/",
            "request",
            payload=io.BytesIO(b""),
            http_headers=StatusAndHeaders(
                "GET / HTTP/1.1", [("Host", "example.org")], is_http_request=True
            ),
        )
        writer.write_record(req)


@pytest.fixture(scope="module")
def warc_list(tmp_path_factory):
    pytest.importorskip("warcio")
    tmp = tmp_path_factory.mktemp("warc")
    sjis = (ROOT / "samples" / "shift_jis.html").read_bytes()
    write_warc(
        tmp / "a.warc.gz",
        [
            ("http://example.jp/sjis", "text/html", sjis),
            ("http://example.ru/news", "text/html; charset=windows-1251", CP1251_BODY),
        ],
        gzip=True,
    )
    write_warc(
        tmp / "b.warc",
        [
            ("http://example.org/utf8", 'text/html; charset="UTF-8"', UTF8_BODY),
            ("http://example.org/logo.png", "image/png", b"\x89PNG\r\n\x1a\n"),
        ],
        gzip=False,
    )
    listing = tmp / "warcs.txt"
    listing.write_text(f"{tmp / 'a.warc.gz'}\nfile://{tmp / 'b.warc'}\n")
    return listing


def check_rows(rows):
    by_url = {r["url"]: r for r in rows}
    assert sorted(by_url) == [
        "http://example.jp/sjis",
        "http://example.org/utf8",
        "http://example.ru/news",
    ]
    ru = by_url["http://example.ru/news"]
    assert ru["http_charset"] == "windows-1251"
    assert (ru["encoding"], ru["encoding_why"], ru["confidence"]) == (
        "windows-1251",
        "transport-layer charset",
        "certain",
    )
    assert ru["title"] == CP1251_TITLE
    assert ru["decode_errors"] == 0
    assert ru["link_count"] == 1
    assert ru["check_errors"] == 0
    assert ru["main_text"] == "Сегодня солнечно.\n\nДальше"
    assert ru["markdown"] == "Сегодня солнечно.\n\n[Дальше](http://example.ru/a)\n"
    jp = by_url["http://example.jp/sjis"]
    assert jp["http_charset"] is None
    assert jp["encoding"] == "Shift_JIS" and jp["encoding_why"].startswith("meta prescan")
    assert jp["title"] == "websyntax のサンプル"
    utf8 = by_url["http://example.org/utf8"]
    assert (utf8["encoding"], utf8["title"]) == ("UTF-8", "Ünïcödé ✓")
    assert utf8["parse_errors"] == 0
    assert utf8["link_count"] == 0 and utf8["check_errors"] == 0


def test_without_the_http_charset_the_page_is_autodetected():
    # The windows-1251 page has no <meta>: without the HTTP charset it is autodetected, as a
    # browser does; the standard's plain default (autodetect=False) gives mojibake.
    doc = websyntax.parse(CP1251_BODY)
    assert (doc.encoding, doc.why) == ("windows-1251", "autodetected")
    assert doc.title == CP1251_TITLE
    doc = websyntax.parse(CP1251_BODY, autodetect=False)
    assert doc.encoding == "windows-1252" and doc.title != CP1251_TITLE


def test_warc_pages_helpers(warc_list):
    sys.path.insert(0, str(EXAMPLES))
    import warc_pages

    assert warc_pages.http_charset('text/html; Charset="koi8-r"') == "koi8-r"
    assert warc_pages.http_charset("text/html") is None
    assert warc_pages.http_charset(None) is None
    assert warc_pages.is_html("application/xhtml+xml") and not warc_pages.is_html("image/png")
    rows = []
    for line in warc_list.read_text().split():
        rows.extend(warc_pages.warc_rows(line.replace("file://", "")))
    check_rows(rows)


def read_parquet(path):
    pq = pytest.importorskip("pyarrow.parquet")
    return pq.read_table(str(path)).to_pylist()


def test_dask_example(warc_list, tmp_path):
    pytest.importorskip("dask.bag")
    out = tmp_path / "dask.parquet"
    proc = subprocess.run(
        [sys.executable, str(EXAMPLES / "dask_warc.py"), str(warc_list), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert "3 pages" in proc.stdout
    check_rows(read_parquet(out))


def test_spark_example_local_mode(warc_list, tmp_path):
    pytest.importorskip("pyspark")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("skipped: Spark needs Java 17+ (apt-get install -y default-jre-headless)")
    out = tmp_path / "spark.parquet"
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    proc = subprocess.run(
        [
            sys.executable,
            str(EXAMPLES / "spark_warc.py"),
            "--master",
            "local[2]",
            str(warc_list),
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    check_rows(read_parquet(out))
