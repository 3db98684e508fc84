import type { CATALOGUE_COMMAND_ROUTES } from '../catalogue/openapi';
import {
  addProjectInput, createCollectionInput, createOrganizationInput, editCollectionInput, editOrgMemberInput, editOrganizationInput, iconQuery,
  inviteOrgMemberInput,
} from '@modshelf/contract/v2';

/**
 * The command routes of collections, organizations (Modrinth v3 shapes under /v2) and notification
 * read state, in the catalogue's OpenAPI route format (catalogue/openapi.ts), for the published document.
 */
export const COMMUNITY_COMMAND_ROUTES: typeof CATALOGUE_COMMAND_ROUTES = [
  { method: 'post', path: '/v2/collection', summary: 'Create a collection (listed; projects by id or slug)', scope: 'COLLECTION_CREATE', body: { kind: 'json', schema: createCollectionInput }, answer: 200 },
  { method: 'patch', path: '/v2/collection/{id}', summary: 'Modify a collection (name, description, status listed|public|unlisted|private, new_projects replaces the list)', scope: 'COLLECTION_WRITE', body: { kind: 'json', schema: editCollectionInput }, answer: 204 },
  { method: 'delete', path: '/v2/collection/{id}', summary: 'Delete a collection', scope: 'COLLECTION_DELETE', body: { kind: 'none' }, answer: 204 },
  { method: 'patch', path: '/v2/collection/{id}/icon', summary: "Change a collection's icon (image body, up to 256 KiB)", scope: 'COLLECTION_WRITE', body: { kind: 'image' }, query: iconQuery, answer: 204 },
  { method: 'delete', path: '/v2/collection/{id}/icon', summary: "Delete a collection's icon", scope: 'COLLECTION_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'post', path: '/v2/organization', summary: 'Create an organization (the creator is its owner)', scope: 'ORGANIZATION_CREATE', body: { kind: 'json', schema: createOrganizationInput }, answer: 200 },
  { method: 'patch', path: '/v2/organization/{id|slug}', summary: 'Modify an organization (EDIT_DETAILS)', scope: 'ORGANIZATION_WRITE', body: { kind: 'json', schema: editOrganizationInput }, answer: 204 },
  { method: 'delete', path: '/v2/organization/{id|slug}', summary: 'Delete an organization (DELETE_ORGANIZATION); its projects leave it', scope: 'ORGANIZATION_DELETE', body: { kind: 'none' }, answer: 204 },
  { method: 'patch', path: '/v2/organization/{id|slug}/icon', summary: "Change an organization's icon (image body, up to 256 KiB)", scope: 'ORGANIZATION_WRITE', body: { kind: 'image' }, query: iconQuery, answer: 204 },
  { method: 'delete', path: '/v2/organization/{id|slug}/icon', summary: "Delete an organization's icon", scope: 'ORGANIZATION_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'post', path: '/v2/organization/{id|slug}/projects', summary: 'Add a project the caller owns (ADD_PROJECT; needs PROJECT_WRITE too)', scope: 'ORGANIZATION_WRITE', alsoScopes: ['PROJECT_WRITE'], body: { kind: 'json', schema: addProjectInput }, answer: 204 },
  { method: 'delete', path: '/v2/organization/{id|slug}/projects/{id|slug}', summary: 'Remove a project from the organization (REMOVE_PROJECT)', scope: 'ORGANIZATION_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'post', path: '/v2/organization/{id|slug}/members', summary: 'Invite a user (MANAGE_INVITES)', scope: 'ORGANIZATION_WRITE', body: { kind: 'json', schema: inviteOrgMemberInput }, answer: 204 },
  { method: 'post', path: '/v2/organization/{id|slug}/join', summary: 'Accept an invite to the organization', scope: 'ORGANIZATION_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'patch', path: '/v2/organization/{id|slug}/members/{id|username}', summary: "Modify a member's role, permissions or ordering (EDIT_MEMBER)", scope: 'ORGANIZATION_WRITE', body: { kind: 'json', schema: editOrgMemberInput }, answer: 204 },
  { method: 'delete', path: '/v2/organization/{id|slug}/members/{id|username}', summary: 'Remove a member or cancel an invite (REMOVE_MEMBER / MANAGE_INVITES), or leave', scope: 'ORGANIZATION_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'patch', path: '/v2/notification/{id}', summary: 'Mark a notification read', scope: 'NOTIFICATION_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'delete', path: '/v2/notification/{id}', summary: 'Delete a notification', scope: 'NOTIFICATION_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'patch', path: '/v2/notifications', summary: 'Mark notifications read (?ids=[...]; others\' and unknown ids are skipped)', scope: 'NOTIFICATION_WRITE', body: { kind: 'none' }, answer: 204 },
  { method: 'delete', path: '/v2/notifications', summary: 'Delete notifications (?ids=[...])', scope: 'NOTIFICATION_WRITE', body: { kind: 'none' }, answer: 204 },
];
