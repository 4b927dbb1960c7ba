// jest.config.js: Jest 29 or 30, jsdom with Node's globals, msw 2 or 3, ES-module-only packages.
const { withModelGatewayMock } = require('model-gateway-mock/jest');

module.exports = withModelGatewayMock({ testEnvironment: 'jest-fixed-jsdom' });
