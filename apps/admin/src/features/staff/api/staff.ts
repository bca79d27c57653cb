import {
  staffCreatedSchema,
  staffListSchema,
  staffMemberSchema,
  type Role,
  type StaffCreate,
  type StaffMember,
} from '@ampere/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/core/api';

/** A new or reset member and their one-time password. */
export type StaffCreated = ReturnType<typeof staffCreatedSchema.parse>;

const STAFF_KEY = ['staff'] as const;

const path = (id: string, action: 'role' | 'status' | 'reset') =>
  `staff/${encodeURIComponent(id)}/${action}`;

export function useStaffList() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: async () => (await api.get('staff', staffListSchema)).items,
  });
}

function useStaffMutation<Vars, T>(mutationFn: (vars: Vars) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** A new member: the answer carries their one-time password, shown once. */
export function useCreateStaff() {
  return useStaffMutation((body: StaffCreate) => api.post('staff', staffCreatedSchema, body));
}

/** A new role; the member's sessions end, so they sign in again with it. */
export function useChangeRole() {
  return useStaffMutation(({ id, role }: { id: string; role: Role }) =>
    api.post(path(id, 'role'), staffMemberSchema, { role }),
  );
}

/** Disable (every session of theirs ends) or enable again. */
export function useChangeStatus() {
  return useStaffMutation(({ id, status }: Pick<StaffMember, 'id' | 'status'>) =>
    api.post(path(id, 'status'), staffMemberSchema, { status }),
  );
}

/** A new one-time password and a new second factor to enrol at the next sign-in. */
export function useResetStaff() {
  return useStaffMutation(({ id }: Pick<StaffMember, 'id'>) =>
    api.post(path(id, 'reset'), staffCreatedSchema),
  );
}
