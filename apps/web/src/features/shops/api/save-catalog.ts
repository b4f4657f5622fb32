import type {
  Category,
  CategoryInput,
  DeletedResponse,
  OwnerProductInput,
  Product,
} from '@soko/contract';
import { apiDelete, apiPost, apiPut } from '../../../lib/api-client';

/** POST /api/property/category/create: 409 when the shop has a category of that name. */
export function createCategory(body: CategoryInput): Promise<Category> {
  return apiPost<Category>('/api/property/category/create', body);
}

export function updateCategory(categoryId: string, body: CategoryInput): Promise<Category> {
  return apiPut<Category>(`/api/property/categories/${encodeURIComponent(categoryId)}`, body);
}

export function deleteCategory(categoryId: string): Promise<DeletedResponse> {
  return apiDelete<DeletedResponse>(`/api/property/categories/${encodeURIComponent(categoryId)}`);
}

export function createProduct(shopId: string, body: OwnerProductInput): Promise<Product> {
  return apiPost<Product>(`/api/property/products/${encodeURIComponent(shopId)}`, body);
}

export function updateProduct(
  productId: string,
  shopId: string,
  body: OwnerProductInput,
): Promise<Product> {
  return apiPut<Product>(
    `/api/property/products/${encodeURIComponent(productId)}/${encodeURIComponent(shopId)}`,
    body,
  );
}

export function deleteProduct(productId: string): Promise<DeletedResponse> {
  return apiDelete<DeletedResponse>(`/api/property/products/${encodeURIComponent(productId)}`);
}
