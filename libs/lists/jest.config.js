module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'lists',
  rootDir: __dirname,
};
