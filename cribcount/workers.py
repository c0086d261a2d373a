"""Processes of the standard library that share a command's work, Ctrl-C left to the parent."""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from multiprocessing.pool import Pool

__all__ = ["worker_pool"]

_CTRL_C = {signal.SIGINT}


def _worker_start() -> None:
    # A worker ignores Ctrl-C (the parent ends the pool), then lets it through: one pressed
    # while it started is dropped here, not heard as an interrupt in the middle of work.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _CTRL_C)


@contextlib.contextmanager
def worker_pool(jobs: int) -> Iterator[Pool]:
    """A pool of ``jobs`` forked processes that never hear Ctrl-C: the parent alone does,
    and the pool ends with it, the workers without a word.

    Ctrl-C is held back while the workers are forked (they start with it held, and
    ignore it before letting it through); one pressed meanwhile reaches this process as
    soon as the pool is up, and ends it.
    """
    import multiprocessing

    held = signal.pthread_sigmask(signal.SIG_BLOCK, _CTRL_C)
    try:
        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_worker_start)
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        raise
    with pool:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        yield pool
