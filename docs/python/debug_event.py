"""The debug chunk (debug.echo_upstream_body): the first event, response.debug, before response.created.

The SDK's event types do not include response.debug, so compare event.type (never the class: the
SDK builds an event of a type it does not know as some other event class) and read the member
with to_dict(). The responses.stream() helper refuses a stream that does not start with
response.created: iterate responses.create(stream=True) instead.
"""
import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)
ask_for_debug = {"debug": {"echo_upstream_body": True}}

stream = client.responses.create(model="openai/gpt-4o", input="hello", stream=True, extra_body=ask_for_debug)
events = list(stream)
first = events[0]
upstream = first.to_dict()["debug"]["echo_upstream_body"]
print(first.type, type(first).__name__, sorted(upstream))
assert first.type == "response.debug" and events[1].type == "response.created"
assert upstream["model"] == "openai/gpt-4o"

try:
    with client.responses.stream(model="openai/gpt-4o", input="hello", extra_body=ask_for_debug) as helper:
        for event in helper:
            pass
    raise AssertionError("expected the helper to refuse the stream")
except RuntimeError as err:
    print(f"responses.stream(): RuntimeError: {err}")
