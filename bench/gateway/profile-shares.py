#!/usr/bin/env python3
"""Shares of a JFR recording's execution samples by code (issue 34, docs/benchmarks.md "Profiles").

Usage: bench/gateway/profile-shares.py RECORDING.jfr [TOP]

Each sample is put on the code running in it: its top frame, or, when that is the JDK's own (java.*, jdk.*, sun.*),
the first frame below it that is not, so a HashMap lookup made by the project counts as the project's. Groups: the
project (dev.videoautomation), the Quarkus extensions (io.quarkus, io.smallrye, io.opentelemetry, io.micrometer,
io.vertx.ext.web: what the issue names), the engine (Vert.x core, Netty) and the JDK alone. Beside it, the share of
samples with a frame of the group anywhere in the stack, which counts a sample under a Vert.x Web router or a
Quarkus HTTP handler even when the engine does the work. Prints the top frames too, as `jfr view hot-methods` does.
"""
import collections
import json
import subprocess
import sys

GROUPS = [
    ("project (dev.videoautomation)", ("dev.videoautomation.",)),
    ("Quarkus extensions (io.quarkus, io.smallrye, io.opentelemetry, io.micrometer, io.vertx.ext.web)",
     ("io.quarkus.", "io.smallrye.", "io.opentelemetry.", "io.micrometer.", "io.vertx.ext.web.")),
    ("engine (io.vertx.core, io.vertx.httpproxy, io.netty)", ("io.vertx.core.", "io.vertx.httpproxy.", "io.netty.")),
]
JDK = ("java.", "jdk.", "sun.", "javax.", "com.sun.")


def group_of(class_name):
    for name, prefixes in GROUPS:
        if class_name.startswith(prefixes):
            return name
    return None


def main():
    recording = sys.argv[1]
    top_count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    printed = subprocess.run(["jfr", "print", "--json", "--stack-depth", "128", "--events", "jdk.ExecutionSample",
                              recording], check=True, capture_output=True, text=True).stdout
    events = json.loads(printed)["recording"]["events"]
    own = collections.Counter()
    anywhere = collections.Counter()
    top = collections.Counter()
    for event in events:
        frames = [(frame["method"]["type"]["name"].replace("/", "."), frame["method"]["name"])
                  for frame in (event["values"].get("stackTrace") or {}).get("frames", [])]
        if not frames:
            continue
        top[frames[0][0] + "." + frames[0][1]] += 1
        owner = next((cls for cls, _ in frames if not cls.startswith(JDK)), None)
        own[group_of(owner) if owner else "JDK alone"] += 1
        for name in {group_of(cls) for cls, _ in frames} - {None}:
            anywhere[name] += 1
    total = sum(top.values())
    print(f"{recording}: {total} execution samples")
    print("| code | share of samples (its own code) | share with a frame of it in the stack |")
    print("|---|---|---|")
    for name, _ in GROUPS:
        print(f"| {name} | {100.0 * own[name] / total:.1f} % | {100.0 * anywhere[name] / total:.1f} % |")
    other = total - sum(own[name] for name, _ in GROUPS)
    print(f"| other (JDK alone, other libraries) | {100.0 * other / total:.1f} % | |")
    print()
    print("| top frame | share |")
    print("|---|---|")
    for method, count in top.most_common(top_count):
        print(f"| `{method}` | {100.0 * count / total:.2f} % |")


if __name__ == "__main__":
    main()
