"""Runs every Python block of docs/python.md as printed, then the examples beside this file and
the pytest recipe, against a mock; exits 1 if any fails.

    python3 docs/python/run_all.py                                # starts a mock on a free port
    python3 docs/python/run_all.py http://127.0.0.1:8080/api/v1   # or uses one already running

The mock is started with `--port 0` and its URL read from its banner (MOCK_COMMAND overrides the
command, default: the repository's `npm start`). Each block and example gets the URL in
MOCK_BASE_URL, and the mock's state is reset between them (POST /__mock/reset).
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

here = Path(__file__).resolve().parent
sys.path.insert(0, str(here))
from snippets import python_blocks  # noqa: E402  (beside this file)

try:
    import openai
except ImportError:
    sys.exit('run_all.py needs the openai SDK: pip install "openai==2.54.0" (the version docs/python.md was run with)')

ROOT = here.parent.parent
BANNER = re.compile(r"listening on (http://\S+)")


def start_mock():
    command = shlex.split(os.environ.get("MOCK_COMMAND", "npm start --silent --"))
    mock = subprocess.Popen([*command, "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    for line in mock.stdout:
        found = BANNER.search(line)
        if found:
            return mock, found.group(1)
    mock.wait()
    sys.exit(f"the mock did not start (exit {mock.returncode}): {' '.join(command)}")


def reset(base_url):
    origin = re.match(r"https?://[^/]+", base_url).group(0)
    urllib.request.urlopen(urllib.request.Request(f"{origin}/__mock/reset", method="POST"), timeout=10).read()


def main():
    mock = None
    if len(sys.argv) > 1:
        base_url = sys.argv[1]
    else:
        mock, base_url = start_mock()
    env = {**os.environ, "MOCK_BASE_URL": base_url}
    print(f"openai {openai.__version__} on Python {sys.version.split()[0]}, against {base_url}")
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        markdown = (here.parent / "python.md").read_text(encoding="utf-8")
        for number, (line, code) in enumerate(python_blocks(markdown), start=1):
            block = Path(folder, f"block_{number}.py")
            block.write_text(code, encoding="utf-8")
            runs.append((f"python.md block {number} (line {line})", [sys.executable, str(block)]))
        for example in sorted(here.glob("*.py")):
            if example.name not in {"run_all.py", "snippets.py"} and not example.name.startswith("test_"):
                runs.append((example.name, [sys.executable, str(example)]))
        for recipe in sorted(here.glob("test_*.py")):
            runs.append((f"{recipe.name} (pytest)", [sys.executable, "-m", "pytest", "-q", str(recipe)]))
        failed = []
        try:
            for name, command in runs:
                reset(base_url)
                run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=180, cwd=here)
                print(f"{'ok    ' if run.returncode == 0 else 'FAILED'} {name}")
                if run.returncode != 0:
                    failed.append(name)
                    print(run.stdout + run.stderr)
        finally:
            if mock:
                mock.terminate()
                mock.wait(timeout=30)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
