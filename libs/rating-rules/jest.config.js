module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'rating-rules',
  rootDir: __dirname,
};
