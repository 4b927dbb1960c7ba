"""Forcing failures on purpose: the mock's request headers go in extra_headers."""
import os

import openai
from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
    max_retries=0,
)

# Any status the spec documents, with its example (Prefer, read as Prism reads it).
try:
    client.responses.create(model="openai/gpt-4o", input="hello", extra_headers={"Prefer": "code=429"})
    raise AssertionError("expected RateLimitError")
except openai.RateLimitError as err:
    print(f"RateLimitError: {err.status_code}, Retry-After: {err.response.headers['retry-after']}")

try:
    client.responses.create(model="openai/gpt-4o", input="hello", extra_headers={"Prefer": "code=503"})
    raise AssertionError("expected InternalServerError")
except openai.InternalServerError as err:  # every 5xx is an InternalServerError
    print(f"InternalServerError: {err.status_code}")

# An upstream failure after N output tokens: a JSON request gets 502.
try:
    client.responses.create(
        model="openai/gpt-4o",
        input="tell me a long story",
        extra_headers={"x-mock-fail-after-tokens": "5"},
    )
    raise AssertionError("expected InternalServerError")
except openai.InternalServerError as err:
    print(f"InternalServerError: {err.status_code} {err.body['message'][:60]}...")
    assert err.status_code == 502

# Pacing: a first-token delay and a rate, per request.
stream = client.responses.create(
    model="openai/gpt-4o",
    input="hello",
    stream=True,
    extra_headers={"x-mock-first-token-delay-ms": "200", "x-mock-tokens-per-second": "50"},
)
print("".join(e.delta for e in stream if e.type == "response.output_text.delta"))
