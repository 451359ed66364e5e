// Content the browser specs set up through the API (bearer token) when a spec is not about
// making it: a picture with a generated image, an object on it. Each call checks the 201.
const { expect } = require('./fixtures');
const { scene } = require('./images');

async function newPicture(api, title, { width = 1200, height = 900, hue = 0.35, status } = {}) {
  const query = new URLSearchParams({ title });
  if (status) query.set('status', status);
  const answer = await api.upload(`/api/pictures?${query}`, scene(width, height, hue));
  expect(answer.status).toBe(201);
  return answer.body;
}

async function newObject(api, picture, fields = {}) {
  const answer = await api.post('/api/cms/objects', { picture_id: picture.id, ...fields });
  expect(answer.status).toBe(201);
  return answer.body;
}

module.exports = { newPicture, newObject };
