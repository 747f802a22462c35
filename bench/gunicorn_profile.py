"""gunicorn settings for a profiled bench server (BENCH_PROFILE_DIR): each worker runs
under cProfile from its fork to its exit and writes worker-<pid>.prof there.

    python bench/load.py --profile /tmp/prof ...   then   python bench/profile_report.py /tmp/prof
"""

import cProfile
import os

_profile = cProfile.Profile()


def post_fork(server, worker):
    _profile.enable()


def worker_exit(server, worker):
    _profile.disable()
    _profile.dump_stats(os.path.join(os.environ["BENCH_PROFILE_DIR"], f"worker-{os.getpid()}.prof"))
