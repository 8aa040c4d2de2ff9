module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'core',
  rootDir: __dirname,
};
