"""Forcing failures on purpose: the mock's request headers go in extra_headers."""
import os

import openai
from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
    max_retries=0,
)

# Any status the spec documents for POST /responses, with its example (Prefer, as Prism reads it),
# and the class the SDK raises for it.
CLASSES = {
    400: openai.BadRequestError,
    401: openai.AuthenticationError,
    402: openai.APIStatusError,  # no class of its own
    403: openai.PermissionDeniedError,
    404: openai.NotFoundError,
    408: openai.APIStatusError,
    413: openai.APIStatusError,
    422: openai.UnprocessableEntityError,
    429: openai.RateLimitError,
    500: openai.InternalServerError,  # every 5xx
    502: openai.InternalServerError,
    503: openai.InternalServerError,
    524: openai.InternalServerError,
    529: openai.InternalServerError,
}
for status, error_class in CLASSES.items():
    try:
        client.responses.create(
            model="openai/gpt-4o", input="hello", extra_headers={"Prefer": f"code={status}"}
        )
        raise AssertionError(f"expected {error_class.__name__}")
    except openai.APIStatusError as err:
        assert type(err) is error_class and err.status_code == status, (status, type(err))
        print(f"{status} {type(err).__name__}: {err.body['message']}")

# A 429 carries Retry-After (the SDK waits that long before a retry, when retries are on).
try:
    client.responses.create(model="openai/gpt-4o", input="hello", extra_headers={"Prefer": "code=429"})
    raise AssertionError("expected RateLimitError")
except openai.RateLimitError as err:
    print(f"RateLimitError: {err.status_code}, Retry-After: {err.response.headers['retry-after']}")

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
