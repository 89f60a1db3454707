"""The program fixes glibc's large-block threshold (game.ui.heap.steady_heap): once a
large block has been freed, the next one still gets pages of its own instead of being
carved from the main heap, which only grows (the demo all day, issue 36)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Frees a 16 MiB block (glibc would then raise its threshold to 16 MiB), then asks for a
# 2 MiB block and prints whether it was mapped on its own pages (mallinfo2's hblks).
_CHILD = """
import ctypes, sys
from game.ui.heap import steady_heap
class Info(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks",
        "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]
libc = ctypes.CDLL("libc.so.6")
libc.mallinfo2.restype = Info
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
print("set" if sys.argv[1] == "steady" and steady_heap() else "unset")
big = libc.malloc(16 << 20)
libc.free(big)
before = libc.mallinfo2().hblks
block = libc.malloc(2 << 20)
print("own pages" if libc.mallinfo2().hblks > before else "main heap")
libc.free(block)
"""


def run_child(mode: str, **env: str) -> list[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_") or k in env}
    environ.update(env)
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, mode],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split("\n")[:2]


needs_glibc = pytest.mark.skipif(
    not sys.platform.startswith("linux") or os.confstr("CS_GNU_LIBC_VERSION") is None,
    reason="glibc's malloc",
)


@needs_glibc
def test_after_a_large_block_is_freed_the_next_still_gets_its_own_pages() -> None:
    assert run_child("steady") == ["set", "own pages"]


@needs_glibc
def test_without_the_fixed_threshold_glibc_carves_it_from_the_heap() -> None:
    # The behaviour steady_heap exists to stop (glibc's sliding threshold).
    assert run_child("plain") == ["unset", "main heap"]


@needs_glibc
def test_a_threshold_set_in_the_environment_is_left_alone() -> None:
    assert run_child("steady", MALLOC_TRIM_THRESHOLD_="131072")[0] == "unset"
