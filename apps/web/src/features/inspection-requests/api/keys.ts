/** Query keys of the administrators' inspection requests (the Requests tab). */
export const inspectionRequestKeys = {
  all: ['inspection-requests'] as const,
  list: (params: object) => ['inspection-requests', 'list', params] as const,
};
