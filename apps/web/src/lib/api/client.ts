import axios, { type AxiosError } from 'axios';
import { API_BASE, TWO_FACTOR_SETUP_REQUIRED, limits, messages, type ErrorEnvelope } from '@portal/contract';
import { getToken, useAuthStore } from '../auth/auth-store';
import { paths } from '../paths';

/** The one HTTP client (spec §7): base /api/v1, 10 s timeout, bearer from the stored session. */
export const api = axios.create({
  baseURL: API_BASE,
  timeout: limits.requestTimeoutMs,
  headers: { Accept: 'application/json' },
});

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

type Redirect = () => void;
let redirectToLogin: Redirect = () => window.location.assign(paths.login);

/** The router registers a client-side navigation so a 401 does not reload the page. */
export function setUnauthorizedRedirect(redirect: Redirect) {
  redirectToLogin = redirect;
}

let redirectToTwoFactorSetup: Redirect = () => window.location.assign(paths.admin.account);

/** The router registers where an admin goes when the server asks them to set up two-factor first. */
export function setTwoFactorSetupRedirect(redirect: Redirect) {
  redirectToTwoFactorSetup = redirect;
}

const loggedStatuses = new Set([403, 422, 429, 500]);

/** The error catalogue of spec §8, in one place. */
function handleErrorResponse(error: AxiosError<Partial<ErrorEnvelope>>) {
  const response = error.response;
  if (!response) return;
  const { status } = response;
  const message = typeof response.data?.message === 'string' ? response.data.message : '';
  if (status === 401) {
    useAuthStore.getState().clearSession('expired');
    if (window.location.pathname !== paths.login) redirectToLogin();
  } else if (status === 403 && response.data?.code === TWO_FACTOR_SETUP_REQUIRED) {
    redirectToTwoFactorSetup();
  } else if (loggedStatuses.has(status)) {
    console.error(`API error ${status} on ${error.config?.method?.toUpperCase()} ${error.config?.url}`, message);
  } else if (status === 404 && !messages.quiet404.some((quiet) => message.includes(quiet))) {
    console.error(`API error 404 on ${error.config?.method?.toUpperCase()} ${error.config?.url}`, message);
  }
}

api.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (axios.isAxiosError<Partial<ErrorEnvelope>>(error)) handleErrorResponse(error);
    return Promise.reject(error);
  },
);
