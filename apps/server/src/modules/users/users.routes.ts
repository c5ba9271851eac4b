import multipart from '@fastify/multipart';
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  adminListQuerySchema,
  bulkResultSchema,
  idParamsSchema,
  invitationInfoResponseSchema,
  invitationQuerySchema,
  messageSchema,
  PROFILE_IMAGE_MAX_BYTES,
  registerUserBodySchema,
  registerUserResponseSchema,
  sendInvitationResponseSchema,
  sessionUserMutationResponseSchema,
  updateUserProfileBodySchema,
  updateUserStatusBodySchema,
  userBulkBodySchema,
  userDetailResponseSchema,
  userExportQuerySchema,
  userListQuerySchema,
  userListResponseSchema,
  userMutationResponseSchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../core/access.js';
import { readUploadedImage } from '../../core/files/read-upload.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import { EXPORT_PRODUCES, sendTable } from '../../core/tabular-export.js';
import type { InvitationsService } from './invitations.service.js';
import type { UsersService } from './users.service.js';
import { USER_EXPORT_COLUMNS } from './users-export.js';

const MAX_MB = PROFILE_IMAGE_MAX_BYTES / (1024 * 1024);

const uploadDescription =
  `multipart/form-data with one file field "file": a JPEG, PNG or WebP image (checked by decoding it, ` +
  `not by its name) of at most ${MAX_MB} MiB (413 otherwise). It is re-encoded as WebP, at most 512×512, ` +
  'without metadata, and stored under a random name served at /api/files/<name>.';

export const usersRoutes: FastifyPluginAsyncZod<{
  usersService: UsersService;
  invitationsService: InvitationsService;
}> = async (app, { usersService, invitationsService }) => {
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.post(
    '/admin/register',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'Create an admin, inspector or client',
        description:
          'With a password (password policy), or with `sendInvitation: true` to email a single-use link ' +
          '(7 days) to choose one. Clients need a company and a phone; inspectors a phone, an employee code ' +
          'and a licence number. A live user with the same email or phone answers 409 naming the field.',
        body: registerUserBodySchema,
        response: { 201: registerUserResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const result = await usersService.register(requireAuth(request), request.body, originOf(request));
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/admin/userlist',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'Users, filtered by role and status, searched and sorted, a page at a time',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => usersService.list(request.query),
  );

  app.get(
    '/admin/userlist/export',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'Download the filtered user list as Excel (.xlsx) or CSV',
        description:
          'Same filters as /admin/userlist, every matching user in id order, streamed. Audited as user.exported. ' +
          'CSV text starting with = + - @ is prefixed with a quote; .xlsx text is never a formula.',
        querystring: userExportQuerySchema,
        produces: EXPORT_PRODUCES,
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const prepared = await usersService.startExport(requireAuth(request), request.query, request.ip);
      return sendTable(request, reply, {
        format: request.query.format,
        fileName: 'users',
        sheetName: 'Users',
        columns: USER_EXPORT_COLUMNS,
        ...prepared,
      });
    },
  );

  app.post(
    '/admin/userlist/bulk',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'Deactivate or reactivate the selected users, all or nothing',
        description:
          'At most 500 ids. Each user follows the rules of update-user-status (not yourself, not the last active ' +
          'administrator; deactivating ends their sessions), in one transaction: if any user is refused nothing ' +
          'changes, and the 409 names each refused id in details (field ids.<index>, id, message). One ' +
          'user.status_change audit event per changed user; users already so are counted as unchanged.',
        body: userBulkBodySchema,
        response: { 200: bulkResultSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => usersService.bulkStatus(requireAuth(request), request.body, originOf(request)),
  );

  app.get(
    '/create/admin',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'The administrators',
        querystring: adminListQuerySchema,
        response: { 200: userListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => usersService.listAdmins(request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'One user with their active sessions and recent audit events',
        params: idParamsSchema,
        response: { 200: userDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => usersService.detail(request.params.id),
  );

  app.patch(
    '/admin/update-user-profile/:id',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: "Change a user's name, email, phone or role details",
        params: idParamsSchema,
        body: updateUserProfileBodySchema,
        response: { 200: userMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      usersService.updateProfile(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.patch(
    '/admin/update-user-status/:id',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'Activate or deactivate a user',
        description:
          'Deactivating ends all of their sessions at once and stops sign-in. You cannot deactivate yourself ' +
          'or the last active administrator (409).',
        params: idParamsSchema,
        body: updateUserStatusBodySchema,
        response: { 200: userMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      usersService.updateStatus(requireAuth(request), request.params.id, request.body, originOf(request)),
  );

  app.delete(
    '/admin/deleteuser/:id',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'Delete a user (soft: history stays, sign-in stops, the email can be reused)',
        description:
          'Ends all of their sessions. You cannot delete yourself or the last active administrator (409).',
        params: idParamsSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => usersService.remove(requireAuth(request), request.params.id, originOf(request)),
  );

  app.post(
    '/admin/users/:id/invitation',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: 'Send a new invitation to choose a password (earlier links stop working)',
        params: idParamsSchema,
        response: { 200: sendInvitationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => invitationsService.resend(requireAuth(request), request.params.id, originOf(request)),
  );

  app.post(
    '/admin/users/:id/profile-image',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: "Upload a user's profile image",
        description: uploadDescription,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: userMutationResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const image = await readUploadedImage(request);
      const { message, user } = await usersService.setProfileImage(
        requireAuth(request),
        request.params.id,
        image,
        originOf(request),
      );
      return { message, user };
    },
  );

  app.delete(
    '/admin/users/:id/profile-image',
    {
      config: { access: access.admin },
      schema: {
        tags: ['users'],
        summary: "Remove a user's profile image",
        params: idParamsSchema,
        response: { 200: userMutationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { message, user } = await usersService.clearProfileImage(
        requireAuth(request),
        request.params.id,
        originOf(request),
      );
      return { message, user };
    },
  );

  app.post(
    '/auth/me/profile-image',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['auth'],
        summary: 'Upload your own profile image',
        description: `${uploadDescription} Answers the signed-in user as the client keeps it (userData).`,
        consumes: ['multipart/form-data'],
        response: { 200: sessionUserMutationResponseSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const image = await readUploadedImage(request);
      const { message, sessionUser } = await usersService.setProfileImage(
        auth,
        auth.userId,
        image,
        originOf(request),
      );
      return { message, user: sessionUser };
    },
  );

  app.delete(
    '/auth/me/profile-image',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['auth'],
        summary: 'Remove your own profile image',
        response: { 200: sessionUserMutationResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { message, sessionUser } = await usersService.clearProfileImage(
        auth,
        auth.userId,
        originOf(request),
      );
      return { message, user: sessionUser };
    },
  );

  app.get(
    '/auth/invitation',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Who an invitation is for (the accept-invitation page greets them)',
        querystring: invitationQuerySchema,
        response: { 200: invitationInfoResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => invitationsService.info(request.query.token),
  );

  app.post(
    '/auth/accept-invitation',
    {
      config: { access: access.public },
      schema: {
        tags: ['auth'],
        summary: 'Choose a password with an invitation link (signs nobody in)',
        description:
          'The token works once and for 7 days. The password policy applies, and the password must not be ' +
          'the email. Answers the role, so the page can say where to sign in.',
        body: acceptInvitationBodySchema,
        response: { 200: acceptInvitationResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => invitationsService.accept(request.body, originOf(request)),
  );
};
