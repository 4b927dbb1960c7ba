"""Streaming, second way: the responses.stream() helper, then the final response."""
import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)

text = ""
with client.responses.stream(model="openai/gpt-4o", input="tell me a long story") as stream:
    for event in stream:
        if event.type == "response.output_text.delta":
            text += event.delta
    final = stream.get_final_response()

print(final.output_text[:60], "...")
assert final.status == "completed"
assert text == final.output_text
