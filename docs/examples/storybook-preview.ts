import { startMockGateway } from './browser-mocks';

// .storybook/preview.ts: a global loader, which Storybook awaits before it renders a story.
const gateway = startMockGateway();

export const loaders = [
  async () => {
    const mock = await gateway;
    mock.reset(); // each story starts from the fixtures' state
    return {};
  },
];
