import { describe, expect, it } from 'vitest';
import { blogPostSchema, createBlogBodySchema } from './blog';

const post = { title: 'Shea butter, three ways', content: 'Melt it...', imageUrls: [] };

describe('createBlogBodySchema', () => {
  it('accepts a title, content and up to 6 images', () => {
    expect(createBlogBodySchema.safeParse(post).success).toBe(true);
    expect(
      createBlogBodySchema.safeParse({ ...post, imageUrls: Array(6).fill('/a.jpg') }).success,
    ).toBe(true);
  });

  it('says so past 6 images', () => {
    const result = createBlogBodySchema.safeParse({ ...post, imageUrls: Array(7).fill('/a.jpg') });
    expect(result.error?.issues[0]?.message).toBe('You can only upload 6 images per listing');
  });

  it('requires title and content within their limits', () => {
    expect(createBlogBodySchema.safeParse({ ...post, title: ' ' }).success).toBe(false);
    expect(createBlogBodySchema.safeParse({ ...post, content: '' }).success).toBe(false);
    expect(createBlogBodySchema.safeParse({ ...post, title: 'x'.repeat(201) }).success).toBe(false);
    expect(createBlogBodySchema.safeParse({ ...post, content: 'x'.repeat(20_001) }).success).toBe(
      false,
    );
  });

  it('rejects unknown keys such as an author id', () => {
    expect(createBlogBodySchema.safeParse({ ...post, authorId: 'x' }).success).toBe(false);
  });

  it('reads a post', () => {
    expect(
      blogPostSchema.safeParse({
        ...post,
        contentHtml: '<p>Melt it...</p>',
        description: 'Melt it...',
        _id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
        createdAt: '2025-03-01T08:00:00+03:00',
      }).success,
    ).toBe(true);
  });
});
