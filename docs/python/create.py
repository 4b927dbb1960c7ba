"""A plain answer: responses.create, then output_text and usage."""
import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)

response = client.responses.create(model="openai/gpt-4o", input="hello")
print(response.output_text)  # Hello! How can I help you today?
print(response.usage.input_tokens, response.usage.output_tokens, response.usage.total_tokens)

assert response.status == "completed"
assert response.output_text.startswith("Hello")
assert response.usage.total_tokens == response.usage.input_tokens + response.usage.output_tokens
