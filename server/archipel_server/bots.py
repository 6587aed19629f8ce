"""Bots of online seats, thinking in a pool of processes.

A bot's search runs its level's iterations (the expert's take a few
seconds); in the server's own process it would hold up every other table,
so it runs in a worker process. The worker gets the position (``to_json``) and
a seed (the table core's ``bot_seed``: the game's seed, the seat and the
ply), and nothing else: no generator lives on between two moves, so after a
restart the same position and seat give the bot the same seed and the same
move, which the record's check recomputes.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from pygame_core import fairness


def choose(game_id: str, position: dict, seat: int, level: int, seed: str) -> str:
    """The bot's move, as text (runs in a worker process). The bot sees the
    position only through ``determinize`` and its own legal moves, as
    everywhere else; it thinks by its level's iterations alone, never by
    the clock, so that its move follows from its seed and anyone checks
    it once the seed is revealed (``fairness.bot_move``, ``verify``)."""
    return fairness.bot_move(game_id, position, seat, level, seed)


def _warm_up(server: int) -> None:
    """Import the rules once per worker, before its first move, and watch
    the server: a worker does not outlive it."""
    import pygame_core.games  # noqa: F401
    threading.Thread(target=_end_with, args=(server,), name="watch-server", daemon=True).start()


def _end_with(server: int) -> None:
    """End this worker once its server is gone, even killed without a word
    (SIGKILL closes nothing a waiting worker would notice): the worker is
    then handed to another parent."""
    while os.getppid() == server:
        time.sleep(1)
    os._exit(0)


class BotPool:
    def __init__(self, workers: int):
        self.workers = workers
        self._executor = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # "spawn": a fork of a server that runs an event loop and threads
        # would copy their locks in whatever state they were in.
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_warm_up, initargs=(os.getpid(),))

    async def choose(self, game_id: str, position: dict, seat: int, level: int, seed: str) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor, choose, game_id, position, seat, level, seed)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start a new pool, ask again once.
            self._executor = self._start()
            return await loop.run_in_executor(self._executor, choose, game_id, position, seat, level, seed)

    def close(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)
