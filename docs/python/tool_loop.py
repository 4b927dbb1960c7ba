"""A tool loop: the model calls get_weather, the result goes back, the model answers with text."""
import json
import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)

tools = [
    {
        "type": "function",
        "name": "get_weather",
        "description": "The current weather in a city.",
        "strict": True,
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
            "additionalProperties": False,
        },
    }
]


def get_weather(city: str) -> dict:
    return {"city": city, "celsius": 21}


conversation = [{"role": "user", "content": "What is the weather in Paris?"}]
for step in range(5):
    response = client.responses.create(model="openai/gpt-4o", input=conversation, tools=tools)
    calls = [item for item in response.output if item.type == "function_call"]
    if not calls:
        break
    conversation += response.output  # the call items go back as they came
    for call in calls:
        result = get_weather(**json.loads(call.arguments))
        conversation.append(
            {"type": "function_call_output", "call_id": call.call_id, "output": json.dumps(result)}
        )

print(response.output_text)  # get_weather returned {"city": "Paris", "celsius": 21}.
assert step == 1, "one round of tools, then text"
assert response.output_text.startswith("get_weather returned")
