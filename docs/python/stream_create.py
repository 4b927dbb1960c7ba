"""Streaming, first way: responses.create(stream=True) yields every event as a typed object."""
import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)

stream = client.responses.create(model="openai/gpt-4o", input="tell me a long story", stream=True)
deltas = []
types = []
for event in stream:
    types.append(event.type)
    if event.type == "response.output_text.delta":
        deltas.append(event.delta)
        print(event.delta, end="", flush=True)
    elif event.type == "response.completed":
        final = event.response
print()

assert types[0] == "response.created" and types[-1] == "response.completed"
assert "".join(deltas) == final.output_text
