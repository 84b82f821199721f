import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageSchema } from '@portal/shared/api';
import { myThirdAccount, thirdAccountIdInput, thirdAccountListQuery, thirdAccountRecord, thirdApproveInput, thirdBindCandidate, thirdCandidateQuery } from '@portal/shared/third-login';
import { auditActor, caller, platform, signedIn } from '../../../plugins/auth.ts';
import { getQuery } from '../../../lib/query.ts';
import { bindCandidates, listThirdAccounts, myThirdAccounts } from './repository.ts';
import { approveThirdAccount, rejectThirdAccount, unbindThirdAccount } from './service.ts';

/**
 * Third-party identities (decision 0020): the platform approves, rejects and unbinds them. They belong to no
 * tenant and a pending one carries a stranger's e-mail, so no merchant administrator sees them.
 */
export const thirdAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['system: third-party identities'];

  app.get(
    '/sys/thirdAccount/list',
    {
      config: platform('system:third-account:list'),
      schema: { tags, summary: 'Third-party identities, paged; pending first unless sorted; filtered by status and by part of the e-mail, name or bound username', querystring: getQuery(thirdAccountListQuery), response: { 200: envelopeSchema(pageSchema(thirdAccountRecord)) } },
    },
    async (request) => request.ok(await listThirdAccounts(db, request.query)),
  );

  app.get(
    '/sys/thirdAccount/candidates',
    {
      config: platform('system:third-account:approve'),
      schema: { tags, summary: 'Users an identity may be bound to (any tenant, not deleted; 20 at most) by part of the username, name or e-mail; those with the e-mail `prefer` first', querystring: getQuery(thirdCandidateQuery), response: { 200: envelopeSchema(z.array(thirdBindCandidate)) } },
    },
    async (request) => request.ok(await bindCandidates(db, request.query.keyword, request.query.prefer)),
  );

  app.post(
    '/sys/thirdAccount/approve',
    {
      config: platform('system:third-account:approve'),
      schema: { tags, summary: 'Bind a pending or rejected identity to a user (409 when bound; 403 binding a super user or main account unless the caller is a super user)', body: thirdApproveInput, response: { 200: envelopeSchema(thirdAccountRecord) } },
    },
    async (request) => request.ok(await approveThirdAccount(db, auditActor(request), request.body), 'thirdAccountApproved'),
  );

  app.post(
    '/sys/thirdAccount/reject',
    {
      config: platform('system:third-account:approve'),
      schema: { tags, summary: 'Reject a pending identity (409 when it is not pending)', body: thirdAccountIdInput, response: { 200: envelopeSchema(thirdAccountRecord) } },
    },
    async (request) => request.ok(await rejectThirdAccount(db, auditActor(request), request.body.id), 'thirdAccountRejected'),
  );

  app.post(
    '/sys/thirdAccount/unbind',
    {
      config: platform('system:third-account:unbind'),
      schema: { tags, summary: 'Unbind an identity: back to pending, it signs nobody in (409 when it is not bound)', body: thirdAccountIdInput, response: { 200: envelopeSchema(thirdAccountRecord) } },
    },
    async (request) => request.ok(await unbindThirdAccount(db, auditActor(request), request.body.id), 'thirdAccountUnbound'),
  );

  app.get(
    '/sys/thirdAccount/mine',
    {
      config: signedIn,
      schema: { tags, summary: "The caller's own bound identities", querystring: getQuery({}), response: { 200: envelopeSchema(z.array(myThirdAccount)) } },
    },
    async (request) => request.ok(await myThirdAccounts(db, caller(request).userId)),
  );
};
