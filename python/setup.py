# setup.py: the cffi extension for pyproject.toml (setuptools reads both).
# SPDX-License-Identifier: MIT
"""cffi_modules names build_ext.py's locate_ffi(): it finds liburigrep
(its header and library) and returns the FFI that builds
urigrep._urigrep.  All other metadata is in pyproject.toml."""

from setuptools import setup

setup(cffi_modules=["build_ext.py:locate_ffi"])
