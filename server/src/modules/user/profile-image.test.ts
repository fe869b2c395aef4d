import { startTestApp, TestApp } from '../../test/harness';
import { UserType } from './user.entity';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5f6cd0f0000000049454e44ae426082',
  'hex',
);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('profile image', () => {
  it('is one of the caller own uploads, shown as a signed link; others and outside URLs are refused', async () => {
    const a = await t.createUser(UserType.INVESTOR);
    const b = await t.createUser(UserType.INVESTOR);
    const upload = await t.http.post('/api/upload').set(bearer(a.token)).attach('file', PNG, 'me.png');
    expect(upload.status).toBe(201);

    const theft = await t.http.put('/api/user').set(bearer(b.token)).send({ profileImage: upload.body.data.id });
    expect(theft.status).toBe(422);
    const outside = await t.http
      .put('/api/user')
      .set(bearer(a.token))
      .send({ profileImage: 'https://tracker.example/pixel.png' });
    expect(outside.status).toBe(422);
    expect(outside.body.errors[0]).toMatchObject({ field: 'profileImage' });

    const set = await t.gql(
      'mutation P($id: String) { updateProfile(input: { profileImage: $id }) { profileImage } }',
      { id: upload.body.data.url },
      a.token,
    );
    expect(set.body.data.updateProfile.profileImage).toMatch(
      new RegExp(`^/api/upload/${upload.body.data.id}\\?expires=`),
    );
    const rest = await t.http.get('/api/user').set(bearer(a.token));
    const image = await t.http.get(rest.body.data.profileImage);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const cleared = await t.http.put('/api/user').set(bearer(a.token)).send({ profileImage: '' });
    expect(cleared.body.data.profileImage).toBeNull();
  });

  it("refuses another user's upload on the profileImage field, over REST and GraphQL, and keeps the image", async () => {
    const owner = await t.createUser(UserType.INVESTOR);
    const thief = await t.createUser(UserType.INVESTOR);
    const upload = await t.http.post('/api/upload').set(bearer(owner.token)).attach('file', PNG, 'me.png');
    expect(upload.status).toBe(201);

    for (const reference of [upload.body.data.id, upload.body.data.url]) {
      const rest = await t.http.put('/api/user').set(bearer(thief.token)).send({ profileImage: reference });
      expect(rest.status).toBe(422);
      expect(rest.body.errors).toEqual([expect.objectContaining({ field: 'profileImage' })]);

      const gql = await t.gql(
        'mutation P($id: String) { updateProfile(input: { profileImage: $id }) { profileImage } }',
        { id: reference },
        thief.token,
      );
      expect(gql.body.data).toBeNull();
      expect(gql.body.errors).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({
            code: 'BAD_USER_INPUT',
            fields: [{ field: 'profileImage', message: expect.any(String) }],
          }),
        }),
      ]);
    }
    const [row] = await t.services.ds.query(`SELECT profile_image FROM app_user WHERE id = $1`, [thief.user.id]);
    expect(row.profile_image).toBeNull();
  });
});
