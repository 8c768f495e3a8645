import { adminGetEmailTemplate } from '@shared/routes/admin-get-email-template';
import { adminListEmailTemplates } from '@shared/routes/admin-list-email-templates';
import { adminPreviewEmailTemplate } from '@shared/routes/admin-preview-email-template';
import { adminUpdateEmailTemplate } from '@shared/routes/admin-update-email-template';
import type {
  EmailTemplateDetail,
  EmailTemplateInput,
  EmailTemplateKey,
  EmailTemplatePreview,
  EmailTemplateRow,
} from '@shared/schemas/admin-email';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { emailTemplateKey, emailTemplatesKey } from './query-keys';

/** The editable templates (name, subject). */
export const useEmailTemplates = () =>
  useQuery({
    queryKey: emailTemplatesKey,
    queryFn: async ({ signal }): Promise<EmailTemplateRow[]> =>
      (await apiRequest(adminListEmailTemplates, { signal })).templates,
  });

/** One template with its bodies and variables, read fresh each time the editor opens. */
export const useEmailTemplate = (key: EmailTemplateKey) =>
  useQuery({
    queryKey: emailTemplateKey(key),
    queryFn: ({ signal }): Promise<EmailTemplateDetail> =>
      apiRequest(adminGetEmailTemplate, { params: { key }, signal }),
    refetchOnMount: 'always',
  });

export function useUpdateEmailTemplate(key: EmailTemplateKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailTemplateInput) => apiRequest(adminUpdateEmailTemplate, { params: { key }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(emailTemplateKey(key), saved);
      return queryClient.invalidateQueries({ queryKey: emailTemplatesKey, exact: true });
    },
  });
}

/** The unsaved text rendered with a sample order; nothing is written. */
export const usePreviewEmailTemplate = (key: EmailTemplateKey) =>
  useMutation({
    mutationFn: (body: EmailTemplateInput): Promise<EmailTemplatePreview> =>
      apiRequest(adminPreviewEmailTemplate, { params: { key }, body }),
  });
