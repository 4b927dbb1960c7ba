"""Runs every example of docs/python.md against a running mock; exits 1 if any fails.

    npm start &                                   # the mock on http://127.0.0.1:4010/api/v1
    python3 docs/python/run_all.py                # or: python3 docs/python/run_all.py http://127.0.0.1:8080/api/v1

Each example asserts what docs/python.md says it shows, so a run that passes is the check that
the page is still true for the SDK installed.
"""
import os
import subprocess
import sys
from pathlib import Path

import openai

here = Path(__file__).resolve().parent
base_url = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1")
env = {**os.environ, "MOCK_BASE_URL": base_url}
print(f"openai {openai.__version__} on Python {sys.version.split()[0]}, against {base_url}")

failed = []
for example in sorted(here.glob("*.py")):
    if example.name == Path(__file__).name:
        continue
    run = subprocess.run([sys.executable, str(example)], env=env, capture_output=True, text=True, timeout=120)
    print(f"{'ok    ' if run.returncode == 0 else 'FAILED'} {example.name}")
    if run.returncode != 0:
        failed.append(example.name)
        print(run.stdout + run.stderr)
sys.exit(1 if failed else 0)
