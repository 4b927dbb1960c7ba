"""A reasoning model: the reasoning item (its summary) comes first, then the answer."""
import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)

response = client.responses.create(
    model="openai/o3-mini",
    input="how many r's are in strawberry",
    reasoning={"effort": "low", "summary": "auto"},
)
reasoning = response.output[0]
print("summary:", reasoning.summary[0].text)
print("answer:", response.output_text)
print("reasoning tokens:", response.usage.output_tokens_details.reasoning_tokens)

assert reasoning.type == "reasoning" and response.output[1].type == "message"
assert response.usage.output_tokens_details.reasoning_tokens > 0
