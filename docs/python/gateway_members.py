"""Members the gateway adds to the Responses API go in extra_body; service_metadata comes back as an
extra member of the SDK's Response (its type does not define it): response.to_dict() holds it with
pydantic 1 and 2, and with pydantic 2 response.model_extra does too."""
import os

from openai import OpenAI

client = OpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)

response = client.responses.create(
    model="anthropic/claude-3.5-sonnet",
    input="hello",
    extra_headers={"X-Service-Metadata": "enabled"},
    extra_body={
        "provider": {"order": ["amazon-bedrock"], "allow_fallbacks": True},
        "models": ["openai/gpt-4o"],
        "session_id": "session-42",
        "plugins": [{"id": "auto-router", "enabled": False}],
    },
)
metadata = response.to_dict()["service_metadata"]
selected = [e for e in metadata["endpoints"]["available"] if e.get("selected")]
print(response.model, metadata["strategy"], selected[0]["provider"], metadata["summary"])

assert response.model == "anthropic/claude-3.5-sonnet"
assert metadata["strategy"] == "order" and selected[0]["provider"] == "amazon-bedrock"

# In a stream, service_metadata rides on the terminal event's response only.
stream = client.responses.create(
    model="openai/gpt-4o",
    input="hello",
    stream=True,
    extra_headers={"X-Service-Metadata": "enabled"},
)
last = [event for event in stream][-1]
assert last.type == "response.completed"
print("stream:", last.response.to_dict()["service_metadata"]["summary"])
