"""Compares rl-analyze's occupancy with the CUDA runtime's, row by row.

usage: check_occupancy_fixture.py RL_ANALYZE FIXTURE.json REPO_ROOT

FIXTURE.json is what scripts/device/occupancy_check.sh wrote on a GPU: per
kernel of kernels/*.cu, cudaFuncGetAttributes and
cudaOccupancyMaxActiveBlocksPerMultiprocessor for block sizes x dynamic shared
memory sizes. For every kernel this runs rl-analyze on its file (registers and
static shared memory from nvcc for the fixture's architecture), checks them
against the runtime's attributes, then asks `rl-analyze occupancy --sweep` with
rl-analyze's own numbers for each dynamic shared memory size and compares
active_blocks_per_sm with every row. Prints each mismatch and a summary line.
"""
import json
import os
import subprocess
import sys


_answers = {}


def run_json(args):
    """rl-analyze's JSON for args; kernels with the same resources share it."""
    key = tuple(args)
    if key not in _answers:
        out = subprocess.run(args, check=True, capture_output=True, text=True)
        _answers[key] = json.loads(out.stdout)
    return _answers[key]


def main():
    rla, fixture_path, root = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(fixture_path) as f:
        fixture = json.load(f)
    device = fixture["device"]
    gpu = {"9.0": "H200"}.get(device["compute_capability"])
    if gpu is None:
        print(f"no GPU of the database stands for {device['name']}")
        return 1
    print(f"device: {device['name']} (compute {device['compute_capability']}, "
          f"{device['multiprocessors']} SMs, runtime {device['runtime_version']})")

    # rl-analyze's view of every kernel, by mangled name.
    tool = {}
    for path in sorted({k["file"] for k in fixture["kernels"]}):
        report = run_json([rla, os.path.join(root, path), "--gpu", gpu,
                           "--format=json", "--no-config"])
        for k in report["kernels"]:
            tool.setdefault(k["mangled_name"], k["occupancy"])

    rows = mismatches = 0
    for k in fixture["kernels"]:
        name = k["mangled_name"]
        occ = tool.get(name)
        if occ is None or occ["registers_per_thread"] is None:
            print(f"MISMATCH {k['file']} {name}: rl-analyze has no resources "
                  f"({occ and occ['unknown_reason']})")
            mismatches += 1
            continue
        regs, static = occ["registers_per_thread"], occ["static_smem_bytes"]
        if regs != k["num_regs"] or static != k["shared_size_bytes"]:
            print(f"MISMATCH {name}: rl-analyze {regs} registers, {static} B "
                  f"static smem; runtime {k['num_regs']}, "
                  f"{k['shared_size_bytes']}")
            mismatches += 1
        by_smem = {}
        for block, dyn, blocks in k["rows"]:
            by_smem.setdefault(dyn, []).append((block, blocks))
        for dyn, cases in sorted(by_smem.items()):
            args = [rla, "occupancy", "--gpu", gpu, "--registers", str(regs),
                    "--static-smem", str(static), "--smem", str(dyn),
                    "--sweep", "--format=json"]
            if occ.get("max_threads_per_block"):
                args += ["--max-threads", str(occ["max_threads_per_block"])]
            sweep = {r["block_size"]: r["active_blocks_per_sm"]
                     for r in run_json(args)["sweep"]}
            for block, blocks in cases:
                rows += 1
                mine = sweep.get(block, 0)
                if mine != blocks:
                    mismatches += 1
                    print(f"MISMATCH {name} block={block} smem={dyn}: "
                          f"rl-analyze {mine} blocks/SM, runtime {blocks}")
        best = run_json([rla, "occupancy", "--gpu", gpu, "--registers",
                         str(regs), "--static-smem", str(static), "--sweep",
                         "--format=json"] +
                        (["--max-threads", str(occ["max_threads_per_block"])]
                         if occ.get("max_threads_per_block") else []))["best"]
        if best["block_size"] != k["best_block_size"]:
            mismatches += 1
            print(f"MISMATCH {name} best block: rl-analyze "
                  f"{best['block_size']}, runtime {k['best_block_size']}")
    print(f"{len(fixture['kernels'])} kernels, {rows} rows checked, "
          f"{mismatches} mismatches")
    return 0 if mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
