// Experiment 6: the upload storage becomes unusable (UPLOAD_DIR, or its parent, is a regular file).
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { readyz, upload } from '../clients.mjs';
import { countLabels, now } from '../util.mjs';

/** Uploads answer 503 + Retry-After during the fault, /readyz reports storage not ok, both recover. */
export default {
  id: 6,
  title: 'upload storage unusable',
  fault: (s) =>
    s.storageFault === 'dir-is-file'
      ? 'UPLOAD_DIR replaced by a regular file (directory moved aside)'
      : "UPLOAD_DIR's parent replaced by a regular file (ENOTDIR)",
  async run(ctx, rec, result) {
    const user = ctx.investors[0];
    const before = [];
    for (const inst of ctx.instances) before.push((await upload(inst, user, rec)).label);
    result.extra.uploadsBefore = before.join(',');
    const broken = ctx.settings.storageFault === 'dir-is-file' ? ctx.uploadDir : ctx.uploadParent;
    const aside = `${broken}.moved-aside`;
    result.faultStart = now();
    fs.renameSync(broken, aside);
    fs.writeFileSync(broken, 'a regular file where the upload directory belongs\n');
    try {
      const during = [];
      for (let i = 0; i < ctx.settings.uploads; i++) during.push(await upload(ctx.instances[i % 2], user, rec));
      result.extra.uploadsDuringFault = countLabels(during);
      // 5xx other than 503 are counted by every experiment's checks; here: answers that are no error at all.
      const no503 = during.filter((r) => r.status === null || r.status < 500).length;
      const noRetryAfter = during.filter((r) => r.status === 503 && !r.retryAfter).length;
      if (no503) result.failures.push(`${no503} upload(s) during the fault answered neither 503 nor another 5xx`);
      if (noRetryAfter) result.failures.push(`${noRetryAfter} upload 503(s) without Retry-After`);
      const sample = during.find((r) => r.status !== 503) ?? during[0];
      result.extra.sampleAnswer = JSON.stringify(sample?.json ?? null);
      const probes = await Promise.all(ctx.instances.map(readyz));
      result.extra.readyzDuringFault = probes.map(
        (p, i) => `${ctx.instances[i].name}: ${p.status} ${JSON.stringify(p.body)}`,
      );
      if (probes.some((p) => p.body?.checks?.storage === 'ok' || p.body?.checks?.storage === undefined))
        result.failures.push('/readyz did not report storage as not ok during the fault');
    } finally {
      fs.rmSync(broken, { force: true });
      fs.renameSync(aside, broken);
    }
    result.faultEnd = now();
    // Recovery: an upload and /readyz storage ok on each instance.
    const back = {};
    for (const inst of ctx.instances) {
      const deadline = result.faultEnd + ctx.settings.capMs;
      let uploadOk = null;
      let storageOk = null;
      while (now() < deadline && (uploadOk === null || storageOk === null)) {
        if (uploadOk === null && (await upload(inst, user, rec)).status === 201) uploadOk = now() - result.faultEnd;
        if (storageOk === null && (await readyz(inst)).body?.checks?.storage === 'ok')
          storageOk = now() - result.faultEnd;
        if (uploadOk === null || storageOk === null) await sleep(200);
      }
      back[inst.name] = { firstUpload201Ms: uploadOk, readyzStorageOkMs: storageOk };
      if (uploadOk === null || storageOk === null)
        result.failures.push(`instance ${inst.name}: uploads did not recover`);
    }
    result.extra.uploadRecovery = back;
  },
};
