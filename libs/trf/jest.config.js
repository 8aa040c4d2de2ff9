module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'trf',
  rootDir: __dirname,
};
