"""Parse the HTML pages of WARC files with websyntax on Spark, in the style of Common Crawl's
cc-pyspark: the input is a text file listing WARC paths (one per line); each Spark partition
reads its WARC files with warcio (`mapPartitions`), parses each HTML response with the HTTP
Content-Type charset as the transport-layer charset, and the rows are written as Parquet.

    spark-submit examples/spark_warc.py warc_list.txt out.parquet
    python examples/spark_warc.py --master 'local[2]' warc_list.txt out.parquet

Columns: url, http_charset, encoding, encoding_why, confidence, title, parse_errors,
decode_errors, link_count, check_errors, main_text, markdown (the article body, as text and
as Markdown). See docs/python.md ("Spark") for running it on a cluster.
"""

from __future__ import annotations

import argparse
import os
import sys

from pyspark.sql import SparkSession
from pyspark.sql.types import IntegerType, StringType, StructField, StructType

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import warc_pages  # noqa: E402

SCHEMA = StructType(
    [
        StructField(name, IntegerType() if kind is int else StringType(), True)
        for name, kind in warc_pages.COLUMNS
    ]
)


def process_partition(paths):
    """mapPartitions: every HTML page of every WARC file of this partition, as tuples."""
    import warc_pages  # on the executor

    for path in paths:
        path = path.strip()
        if not path:
            continue
        for row in warc_pages.warc_rows(path):
            yield tuple(row[name] for name, _ in warc_pages.COLUMNS)


def run(spark: SparkSession, warc_list: str, output: str, partitions: int = 2) -> None:
    sc = spark.sparkContext
    # Ship the helper module to the executors (the websyntax wheel must be installed there:
    # see docs/python.md).
    sc.addPyFile(os.path.join(HERE, "warc_pages.py"))
    paths = sc.textFile(warc_list, minPartitions=partitions)
    rows = paths.mapPartitions(process_partition)
    spark.createDataFrame(rows, SCHEMA).write.mode("overwrite").parquet(output)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("warc_list", help="text file: one WARC path per line")
    parser.add_argument("output", help="output Parquet directory")
    parser.add_argument("--master", help="Spark master, e.g. local[2] (default: spark-submit's)")
    parser.add_argument("--partitions", type=int, default=2)
    args = parser.parse_args(argv)
    builder = SparkSession.builder.appName("websyntax-warc")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    try:
        run(spark, args.warc_list, args.output, args.partitions)
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
