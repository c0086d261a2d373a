"""The pool of worker processes: workers never hear Ctrl-C; the parent's is as before."""

from __future__ import annotations

import signal

from cribcount.workers import worker_pool


def _ctrl_c_in_worker(_: int) -> tuple[bool, bool]:
    """In a worker: whether Ctrl-C is ignored, and whether it is still held back."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN, signal.SIGINT in held


def test_workers_ignore_ctrl_c_and_the_parent_hears_it_again_after() -> None:
    before = signal.getsignal(signal.SIGINT)
    with worker_pool(2) as pool:
        inside = signal.pthread_sigmask(signal.SIG_BLOCK, set())
        assert pool.map(_ctrl_c_in_worker, range(4)) == [(True, False)] * 4
    assert signal.SIGINT not in inside
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())
    assert signal.getsignal(signal.SIGINT) is before
