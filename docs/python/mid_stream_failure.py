"""A failure in the middle of a stream raises openai.APIError, the base class, not APIStatusError:
the HTTP status was 200 when the stream began."""
import os

import openai
from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)
fail_after_5 = {"x-mock-fail-after-tokens": "5"}

text = ""
try:
    stream = client.responses.create(
        model="openai/gpt-4o", input="tell me a long story", stream=True, extra_headers=fail_after_5
    )
    for event in stream:
        if event.type == "response.output_text.delta":
            text += event.delta
    raise AssertionError("expected APIError")
except openai.APIError as err:
    assert not isinstance(err, openai.APIStatusError)
    print(f"{type(err).__name__} after {text!r}: code={err.code!r} {err.message[:50]}...")
    assert err.code == "server_error"

# The stream() helper raises the same APIError while iterating.
try:
    with client.responses.stream(
        model="openai/gpt-4o", input="tell me a long story", extra_headers=fail_after_5
    ) as stream:
        for event in stream:
            pass
    raise AssertionError("expected APIError")
except openai.APIError as err:
    assert not isinstance(err, openai.APIStatusError)
    print(f"stream(): {type(err).__name__} code={err.code!r}")
