//! No input makes the readers panic: arbitrary bytes, and WARC/HTTP-shaped bytes with
//! arbitrary parts, through `open`, every record, and the HTTP response parser.

use std::io::Cursor;

use proptest::prelude::*;
use websyntax_crawl::{Opened, http::Response, open};

fn read_all(bytes: Vec<u8>) {
    if let Ok(Opened::Warc(records)) = open(Cursor::new(bytes), 1 << 16) {
        for r in records.take(64) {
            let _ = r.map(|d| d.body.len());
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        read_all(bytes.clone());
        let _ = Response::parse(&bytes);
    }

    #[test]
    fn warc_shaped(
        length in "[0-9]{0,4}|-1|99999999999999999999",
        fields in "(\\PC{0,10}(\r\n|\n| )){0,4}",
        http in "HTTP/1\\.[01] [0-9]{1,4} OK\r\n((Transfer-Encoding: chunked|Content-Encoding: (gzip|deflate)|Content-Type: \\PC{0,12})\r\n){0,3}\r\n",
        body in proptest::collection::vec(any::<u8>(), 0..128),
        trailer in "(\r\n){0,3}",
    ) {
        let mut block = http.into_bytes();
        block.extend_from_slice(&body);
        let mut rec = format!("WARC/1.1\r\nWARC-Type: response\r\n{fields}Content-Length: {length}\r\n\r\n").into_bytes();
        rec.extend_from_slice(&block);
        rec.extend_from_slice(trailer.as_bytes());
        read_all(rec.repeat(2));
        let _ = Response::parse(&block);
    }
}
