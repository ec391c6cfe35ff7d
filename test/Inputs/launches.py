"""Prints one line per report entry of an rl-analyze JSON report on stdin:
kernel, grid, block, scalar args, call chain, launch count, then each note
on its own indented line, and for an entry that merges calling contexts
their sum. Lets host-evaluation tests check entries one by
one with FileCheck. A report of several files prints each file's name and
then its entries."""
import json
import sys


def dims(values):
    return "x".join("?" if v is None else str(v) for v in values)


def show(report):
    for entry in report["kernels"]:
        launch = entry["launch"]
        args = ",".join(f"{k}={v}" for k, v in sorted(launch["args"].items()))
        chain = " -> ".join(launch.get("call_chain") or []) or "-"
        count = launch.get("launch_count")
        print(f"{entry['name']} grid={dims(launch['grid'])} "
              f"block={dims(launch['block'])} args={args or '-'} "
              f"chain={chain} count={'?' if count is None else count}")
        for note in launch["notes"]:
            print(f"  note: {note}")
        total = entry.get("context_sum")
        if total:
            print(f"  sum: contexts={total['contexts']} "
                  f"unbound={total['unbound_contexts']} "
                  f"launches={total['launches']} flops={total['flops']} "
                  f"dram={total['dram_bytes']}")
    print(f"entries: {len(report['kernels'])}")


document = json.load(sys.stdin)
# Several input files: each file's entries after its name.
if "files" in document:
    for f in document["files"]:
        print(f"file: {f['file']}")
        if f["report"] is None:
            print(f"  error: {f['error']}")
            continue
        show(f["report"])
else:
    show(document)
