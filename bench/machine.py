# bench/machine.py: what the Python benchmarks print about the machine.
# SPDX-License-Identifier: MIT
"""The lines bench/python.py and bench/dask-runner.py print before their
figures: the machine, its CPU model and flags, Python, the load."""

import os
import platform


def cpu_info():
    """The CPU's model and flags, as /proc/cpuinfo gives them."""
    model = flags = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k.strip() == "model name" and model == "?":
                    model = v.strip()
                elif k.strip() == "flags" and flags == "?":
                    flags = v.strip()
    except OSError:
        pass
    return model, flags


def describe():
    """Print the machine, its CPU's flags and the load average."""
    model, flags = cpu_info()
    print(f"machine: {platform.node()}, {os.cpu_count()} CPUs, {model}, "
          f"Python {platform.python_version()}")
    print(f"cpu flags: {flags}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
