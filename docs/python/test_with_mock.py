"""A pytest recipe: a fixture starts the mock on a free port, reads its URL from the banner and
resets its state before each test.

    pip install "openai==2.54.0" pytest
    python3 -m pytest docs/python/test_with_mock.py     # MOCK_COMMAND="npx model-gateway-mock" outside the repository
"""
import os
import re
import shlex
import subprocess
import urllib.request
from pathlib import Path

import openai
import pytest
from openai import OpenAI

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(scope="session")
def mock_url():
    """The mock's base URL (`.../api/v1`); one mock for the whole session, stopped at its end."""
    command = shlex.split(os.environ.get("MOCK_COMMAND", "npm start --silent --"))
    mock = subprocess.Popen([*command, "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    for line in mock.stdout:
        found = re.search(r"listening on (http://\S+)", line)
        if found:
            break
    else:
        pytest.fail(f"the mock did not start (exit {mock.wait()})")
    yield found.group(1)
    mock.terminate()
    mock.wait(timeout=30)


@pytest.fixture
def client(mock_url):
    """A client on a mock whose state (guardrails, sessions, scenarios, journal) is fresh."""
    origin = re.match(r"https?://[^/]+", mock_url).group(0)
    urllib.request.urlopen(urllib.request.Request(f"{origin}/__mock/reset", method="POST"), timeout=10).read()
    return OpenAI(base_url=mock_url, api_key="sk-mock-user", max_retries=0)


def test_greets(client):
    response = client.responses.create(model="openai/gpt-4o", input="hello")
    assert response.output_text.startswith("Hello")


def test_counts_tokens(client):
    usage = client.responses.create(model="openai/gpt-4o", input="hello").usage
    assert usage.total_tokens == usage.input_tokens + usage.output_tokens


def test_streams_the_same_text(client):
    deltas = []
    with client.responses.stream(model="openai/gpt-4o", input="tell me a long story") as stream:
        for event in stream:
            if event.type == "response.output_text.delta":
                deltas.append(event.delta)
        final = stream.get_final_response()
    assert "".join(deltas) == final.output_text


def test_rejects_an_unknown_model(client):
    with pytest.raises(openai.BadRequestError) as caught:
        client.responses.create(model="openai/no-such-model", input="hello")
    assert caught.value.status_code == 400


def test_answers_a_forced_rate_limit(client):
    with pytest.raises(openai.RateLimitError):
        client.responses.create(model="openai/gpt-4o", input="hello", extra_headers={"Prefer": "code=429"})
