"""The async client: the same calls, awaited; streams are iterated with async for."""
import asyncio
import os

from openai import AsyncOpenAI

client = AsyncOpenAI(
    base_url=os.environ.get("MOCK_BASE_URL", "http://127.0.0.1:4010/api/v1"),
    api_key="sk-mock-user",
)


async def main() -> None:
    response = await client.responses.create(model="openai/gpt-4o", input="hello")
    print(response.output_text)

    text = ""
    async with client.responses.stream(model="openai/gpt-4o", input="tell me a long story") as stream:
        async for event in stream:
            if event.type == "response.output_text.delta":
                text += event.delta
        final = await stream.get_final_response()
    assert text == final.output_text

    # Requests at once: each gets its own answer.
    answers = await asyncio.gather(
        *(client.responses.create(model="openai/gpt-4o", input=f"echo: {n}") for n in range(3))
    )
    print([a.output_text for a in answers])
    assert [a.output_text for a in answers] == ["0", "1", "2"]


asyncio.run(main())
