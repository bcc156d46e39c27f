"""Parse the HTML pages of WARC files with websyntax on Dask: a Dask bag over WARC paths,
the processes scheduler, rows written as one Parquet file (pyarrow).

    python examples/dask_warc.py warc_list.txt out.parquet [--workers 2]

Same columns as spark_warc.py.
"""

from __future__ import annotations

import argparse
import os
import sys

import dask.bag as db
import pyarrow as pa
import pyarrow.parquet as pq

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import warc_pages  # noqa: E402


def rows_of(path: str) -> list:
    """All rows of one WARC file (plain dicts: cheap to send back from a worker process)."""
    return list(warc_pages.warc_rows(path))


def run(warc_paths: list, output: str, workers: int = 2) -> int:
    bag = db.from_sequence(warc_paths, npartitions=max(1, min(len(warc_paths), workers * 4)))
    rows = bag.map(rows_of).flatten().compute(scheduler="processes", num_workers=workers)
    table = pa.table(
        {name: pa.array([r[name] for r in rows], type=pa.int64() if kind is int else pa.string())
         for name, kind in warc_pages.COLUMNS}
    )
    pq.write_table(table, output)
    return len(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("warc_list", help="text file: one WARC path per line")
    parser.add_argument("output", help="output Parquet file")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    with open(args.warc_list) as f:
        paths = [line.strip() for line in f if line.strip()]
    n = run(paths, args.output, args.workers)
    print(f"{n} pages -> {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
