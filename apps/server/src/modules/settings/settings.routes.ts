import multipart from '@fastify/multipart';
import {
  activeSessionsResponseSchema,
  changePasswordBodySchema,
  endedSessionsResponseSchema,
  myProfileResponseSchema,
  notificationPreferencesResponseSchema,
  organisationMutationResponseSchema,
  organisationSettingsResponseSchema,
  PROFILE_IMAGE_MAX_BYTES,
  updateMyProfileBodySchema,
  updateNotificationPreferencesBodySchema,
  updateOrganisationSettingsBodySchema,
} from '@inspecta/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../core/access.js';
import { readUploadedImage } from '../../core/files/read-upload.js';
import { errorResponses, originOf, requireAuth } from '../../core/http.js';
import type { SettingsService } from './settings.service.js';

export const settingsRoutes: FastifyPluginAsyncZod<{ settingsService: SettingsService }> = async (
  app,
  { settingsService },
) => {
  await app.register(multipart, {
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.patch(
    '/auth/me',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['settings'],
        summary: 'Change your own name and phone',
        description: 'Answers the signed-in user as the client keeps it (userData). Email has its own flow.',
        body: updateMyProfileBodySchema,
        response: { 200: myProfileResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => settingsService.updateMyProfile(requireAuth(request), request.body, originOf(request)),
  );

  app.post(
    '/auth/change-password',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['settings'],
        summary: 'Change your password (current password required); every other session is signed out',
        body: changePasswordBodySchema,
        response: { 200: endedSessionsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => settingsService.changePassword(requireAuth(request), request.body, originOf(request)),
  );

  app.get(
    '/auth/sessions',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['settings'],
        summary: 'Your open sessions, this one first',
        response: { 200: activeSessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => settingsService.listSessions(requireAuth(request)),
  );

  app.post(
    '/auth/sessions/sign-out-others',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['settings'],
        summary: 'Signs out every session of yours except this one',
        response: { 200: endedSessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => settingsService.signOutOtherSessions(requireAuth(request), originOf(request)),
  );

  app.get(
    '/auth/me/notification-preferences',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['settings'],
        summary: 'Which notification kinds you receive in the app and by push',
        response: { 200: notificationPreferencesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => settingsService.getPreferences(requireAuth(request)),
  );

  app.put(
    '/auth/me/notification-preferences',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['settings'],
        summary: 'Changes some or all of your notification preferences',
        body: updateNotificationPreferencesBodySchema,
        response: {
          200: notificationPreferencesResponseSchema.extend({ message: z.string() }),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) =>
      settingsService.updatePreferences(requireAuth(request), request.body, originOf(request)),
  );

  app.get(
    '/settings/organisation',
    {
      // Every dashboard screen shows the organisation's logo in the header and footer.
      config: { access: access.authenticated },
      schema: {
        tags: ['settings'],
        summary: 'Organisation settings: company name, logo, time zone, date format, default interval',
        response: { 200: organisationSettingsResponseSchema, ...errorResponses(401) },
      },
    },
    async () => settingsService.organisation(),
  );

  app.put(
    '/settings/organisation',
    {
      config: { access: access.admin },
      schema: {
        tags: ['settings'],
        summary: 'Change the organisation settings',
        body: updateOrganisationSettingsBodySchema,
        response: { 200: organisationMutationResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      settingsService.updateOrganisation(requireAuth(request), request.body, originOf(request)),
  );

  app.post(
    '/settings/organisation/logo',
    {
      config: { access: access.admin },
      schema: {
        tags: ['settings'],
        summary: 'Upload the organisation logo (multipart field "file": JPEG, PNG or WebP, at most 5 MiB)',
        consumes: ['multipart/form-data'],
        response: { 200: organisationMutationResponseSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const image = await readUploadedImage(request);
      return settingsService.setLogo(auth, image, originOf(request));
    },
  );

  app.delete(
    '/settings/organisation/logo',
    {
      config: { access: access.admin },
      schema: {
        tags: ['settings'],
        summary: 'Remove the organisation logo',
        response: { 200: organisationMutationResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => settingsService.clearLogo(requireAuth(request), originOf(request)),
  );
};
