// Wire names derive from one vendor word so that the same server speaks the neutral
// names of the spec (`service`) or those of existing clients (`mendeley`).

export const DEFAULT_VENDOR = 'service';

export function isValidVendor(vendor: string): boolean {
  return /^[a-z][a-z0-9-]{0,31}$/.test(vendor);
}

export function mediaTypes(vendor: string = DEFAULT_VENDOR) {
  const v = (name: string, version: string | null = '1') =>
    version ? `application/vnd.${vendor}-${name}.${version}+json` : `application/vnd.${vendor}-${name}+json`;
  return {
    document: v('document'),
    /** Documents each carrying `files` and `folder_uuids`, as Zotero's Mendeley importer asks for them. */
    documentWithFilesList: v('document-with-files-list', null),
    deletedDocument: v('deleted-document'),
    documentLookup: v('document-lookup'),
    file: v('file'),
    fileLink: v('file-link'),
    fileHash: v('file-hash'),
    contentTicket: v('content-ticket'),
    folder: v('folder'),
    annotation: v('annotation'),
    follow: v('follow'),
    followRequest: v('follow-request'),
    followAcceptance: v('follow-acceptance'),
    group: v('group'),
    membership: v('membership'),
    groupV2: v('group', null),
    groupList: v('group-list', null),
    groupMemberList: v('group-member-list', null),
    groupMembership: v('group-membership', null),
    groupInvitation: v('group-invitation', null),
    groupInvitationResponseList: v('group-invitation-response-list', null),
    groupInvitationList: v('group-invitation-list', null),
    groupMessage: v('group-message', null),
    profiles: v('profiles'),
    /** Version 2 of the profile type, asked for at /profiles/v2/me by Zotero's Mendeley importer. */
    profilesV2: v('profiles', '2'),
    /** The singular form the JavaScript SDK sends as Accept for profiles; served as an alias. */
    profile: v('profile'),
    profileAmendment: v('profile-amendment'),
    // The spec writes this one without a vendor word; it is accepted as written.
    academicStatus: 'application/vnd.academic_status.1+json',
    /** The vendor form of the same type, as the real interface lists it; served as an alias. */
    academicStatusVendor: v('academic-status'),
    discipline: v('discipline'),
    identifierType: v('document-identifier'),
    institution: v('institution'),
    institutionTree: v('institution-tree'),
    location: v('location'),
    publicDataset: v('public-dataset'),
    draftDataset: v('draft-dataset'),
    datasetCreationRequest: v('dataset-creation-request'),
    datasetPatch: v('dataset-patch'),
    licenceInfo: v('licence-info'),
    submissionCreation: v('rdm-submission-creation-request'),
    submissionModification: v('rdm-submission-modification-request'),
    submission: v('rdm-submission'),
  } as const;
}

export type MediaTypes = ReturnType<typeof mediaTypes>;

function capitalise(word: string): string {
  return word
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}

export function headerNames(vendor: string = DEFAULT_VENDOR) {
  const name = capitalise(vendor);
  return { count: `${name}-Count`, traceId: `X-${name}-Trace-Id` } as const;
}
